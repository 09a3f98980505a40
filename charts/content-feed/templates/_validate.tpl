{{/*
Checks that values.schema.json cannot express (they depend on each other). Each failure names the
value to set. Included once, from deployment.yaml.
*/}}
{{- define "cfs.validate" -}}
{{- $v := .Values }}
{{- $root := . }}
{{- if and $v.metrics.serviceMonitor.enabled (not $v.metrics.enabled) }}
{{- fail "metrics.serviceMonitor.enabled needs metrics.enabled=true (the pods serve no metrics without it)" }}
{{- end }}
{{- if and $v.database.bundled.enabled (or $v.database.url $v.database.existingSecret) }}
{{- fail "database: either the bundled PostgreSQL (database.bundled.enabled) or your own (database.url / database.existingSecret), not both: set database.bundled.enabled=false to use yours" }}
{{- end }}
{{- if and (include "cfs.enabledServices" .) (not (or $v.database.bundled.enabled $v.database.url $v.database.existingSecret)) }}
{{- fail "database: set database.url or database.existingSecret (PostgreSQL of the services), or database.bundled.enabled=true for an evaluation database" }}
{{- end }}
{{- if $v.redis.enabled }}
{{- if and $v.redis.bundled.enabled (or $v.redis.url $v.redis.existingSecret) }}
{{- fail "redis: either the bundled Redis (redis.bundled.enabled) or your own (redis.url / redis.existingSecret), not both: set redis.bundled.enabled=false to use yours" }}
{{- end }}
{{- if not (or $v.redis.bundled.enabled $v.redis.url $v.redis.existingSecret) }}
{{- fail "redis: set redis.url or redis.existingSecret, or redis.bundled.enabled=true, or redis.enabled=false (then the gateway runs as one replica)" }}
{{- end }}
{{- else }}
{{- if include "cfs.enabled" (list . "gateway") }}
{{- $g := include "cfs.component" (list . "gateway") | fromYaml }}
{{- if or $g.autoscaling.enabled (gt (int $g.replicaCount) 1) }}
{{- fail "redis.enabled=false keeps the gateway's shared state in memory: set components.gateway.replicaCount=1 and autoscaling off, or enable Redis" }}
{{- end }}
{{- end }}
{{- if include "cfs.enabled" (list . "dashboard") }}
{{- $d := include "cfs.component" (list . "dashboard") | fromYaml }}
{{- if or $d.autoscaling.enabled (gt (int $d.replicaCount) 1) }}
{{- fail "redis.enabled=false keeps the dashboard's sessions and sign-in throttling in memory: set components.dashboard.replicaCount=1 and autoscaling off, or enable Redis" }}
{{- end }}
{{- end }}
{{- end }}
{{- if and $v.objectStorage.bundled.enabled $v.objectStorage.endpoint }}
{{- fail "objectStorage: either the bundled MinIO (objectStorage.bundled.enabled) or your own (objectStorage.endpoint), not both: set objectStorage.bundled.enabled=false to use yours" }}
{{- end }}
{{- if $v.objectStorage.bundled.enabled }}
{{- else if $v.objectStorage.endpoint }}
{{- if not (or $v.objectStorage.existingSecret (and $v.objectStorage.accessKey $v.objectStorage.secretKey)) }}
{{- fail "objectStorage: with an endpoint, set objectStorage.accessKey and objectStorage.secretKey, or objectStorage.existingSecret" }}
{{- end }}
{{- else if include "cfs.enabled" (list . "media") }}
{{- $m := include "cfs.component" (list . "media") | fromYaml }}
{{- if or $m.autoscaling.enabled (gt (int $m.replicaCount) 1) }}
{{- fail "objectStorage.endpoint is empty: media keeps objects in a pod-local folder, so it must run as one replica (components.media.replicaCount=1, autoscaling off); set objectStorage.endpoint for more" }}
{{- end }}
{{- end }}
{{- if and (eq $v.payments.provider "stripe") (not (or (and $v.payments.stripeSecretKey $v.payments.stripeWebhookSecret) $v.payments.existingSecret)) }}
{{- fail "payments: provider stripe needs payments.stripeSecretKey and payments.stripeWebhookSecret, or payments.existingSecret" }}
{{- end }}
{{- if and (eq $v.payments.provider "local") (not $v.payments.allowUnpaid) }}
{{- fail "payments: provider local grants paid plans WITHOUT payment; set payments.allowUnpaid=true to accept that (evaluation only), or use provider stripe" }}
{{- end }}
{{- if eq $v.ai.provider "openai" }}
{{- if not $v.ai.apiUrl }}
{{- fail "ai: provider openai needs ai.apiUrl, the OpenAI-compatible API's base URL ending in /v1 (OpenAI itself: https://api.openai.com/v1)" }}
{{- end }}
{{- if not (or $v.ai.apiKey $v.ai.existingSecret) }}
{{- fail "ai: provider openai needs ai.apiKey or ai.existingSecret (any non-empty key for a local server that takes none)" }}
{{- end }}
{{- end }}
{{- if and $v.telemetry.enabled (not $v.telemetry.otlpEndpoint) }}
{{- fail "telemetry: set telemetry.otlpEndpoint (the OTLP collector) or telemetry.enabled=false" }}
{{- end }}
{{- range $name := splitList " " (include "cfs.componentNames" .) }}
{{- $c := include "cfs.component" (list $root $name) | fromYaml }}
{{- if and $c.autoscaling.enabled (not (or (gt (int $c.autoscaling.targetCPUUtilizationPercentage) 0) (gt (int $c.autoscaling.targetMemoryUtilizationPercentage) 0))) }}
{{- fail (printf "components.%s.autoscaling: set targetCPUUtilizationPercentage or targetMemoryUtilizationPercentage" $name) }}
{{- end }}
{{- if and $c.autoscaling.enabled (lt (int $c.autoscaling.maxReplicas) (int $c.autoscaling.minReplicas)) }}
{{- fail (printf "components.%s.autoscaling: maxReplicas is below minReplicas" $name) }}
{{- end }}
{{- end }}
{{- end }}
