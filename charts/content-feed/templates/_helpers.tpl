{{/*
One template set for every component: each template ranges over "cfs.componentNames" and reads the
component's settings through "cfs.component" (the `default` block merged under `components.<name>`).
*/}}

{{/* The deployables, in start-up order of their dependencies, and the roles deployed apart (cfs.roles). */}}
{{- define "cfs.componentNames" -}}
gateway identity account feed billing seo media webhooks dashboard ingest media-worker
{{- end }}

{{/*
Roles of a service deployed apart from its API: a Deployment of the service's image whose settings are
the service's, with the role's values (`valuesKey`) over them, and `variable`=`value` in its env; the
service's own pods then run `variable`=api. feed's `ingest` (the Sources' schedule) and media's
`media-worker` (AI generation: the job queue's consumers and the renders).
*/}}
{{- define "cfs.roles" -}}
ingest: { service: feed, valuesKey: ingest, variable: FEED_ROLE, value: ingest }
media-worker: { service: media, valuesKey: mediaWorker, variable: MEDIA_ROLE, value: worker }
{{- end }}

{{/* The service whose program a component runs: a role's service, else the component itself. Usage: include "cfs.serviceOf" (list $ "ingest") */}}
{{- define "cfs.serviceOf" -}}
{{- $role := index (include "cfs.roles" (index . 0) | fromYaml) (index . 1) }}
{{- if $role }}{{ $role.service }}{{ else }}{{ index . 1 }}{{ end }}
{{- end }}

{{/* The HTTP servers behind the Ingress: probed over HTTP (/healthz, /readyz), no database. */}}
{{- define "cfs.httpComponents" -}}
gateway dashboard
{{- end }}

{{/* The gRPC services (every one has a database schema and a migration). */}}
{{- define "cfs.serviceNames" -}}
identity account feed billing seo media webhooks
{{- end }}

{{/* Components that use Redis when `redis.enabled` (REDIS_URL, REDIS_KEY_PREFIX). */}}
{{- define "cfs.redisClients" -}}
gateway identity account feed seo media dashboard ingest media-worker
{{- end }}

{{/*
The services a component calls over gRPC, with a service token of its own: the `calls` of
services/common/src/deployables.ts (test/deploy/chart.test.ts checks that they agree). The env gives it
their *_ADDR, its NetworkPolicy lets it reach them and theirs admit it. Usage: include "cfs.callsOf" (list $ "media")
*/}}
{{- define "cfs.callsOf" -}}
{{- $name := index . 1 }}
{{- if has $name (list "gateway" "dashboard") }}{{ include "cfs.serviceNames" (index . 0) }}
{{- else if eq $name "billing" }}account webhooks
{{- else if has $name (list "media" "media-worker") }}account feed seo webhooks
{{- else if has $name (list "feed" "ingest") }}webhooks
{{- end }}
{{- end }}

{{/* Services the operator CLI calls (services/admin/src/clients.ts). */}}
{{- define "cfs.adminTargets" -}}
identity account feed media
{{- end }}

{{- define "cfs.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "cfs.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "cfs.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Name of a component's objects: <fullname>-<component>. Usage: include "cfs.componentFullname" (list $ "feed") */}}
{{- define "cfs.componentFullname" -}}
{{- $root := index . 0 }}
{{- printf "%s-%s" (include "cfs.fullname" $root | trunc 52 | trimSuffix "-") (index . 1) }}
{{- end }}

{{/* Selector labels of a component. Usage: include "cfs.selectorLabels" (list $ "feed") */}}
{{- define "cfs.selectorLabels" -}}
{{- $root := index . 0 -}}
app.kubernetes.io/name: {{ include "cfs.name" $root }}
app.kubernetes.io/instance: {{ $root.Release.Name }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end }}

{{/* Every label of a component's objects. Usage: include "cfs.labels" (list $ "feed") */}}
{{- define "cfs.labels" -}}
{{- $root := index . 0 -}}
helm.sh/chart: {{ include "cfs.chart" $root }}
{{ include "cfs.selectorLabels" . }}
app.kubernetes.io/version: {{ $root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ $root.Release.Service }}
app.kubernetes.io/part-of: {{ include "cfs.name" $root }}
{{- with $root.Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/* metadata.annotations of every object (commonAnnotations plus the given map). Usage: include "cfs.annotations" (list $ $extra) */}}
{{- define "cfs.annotations" -}}
{{- $all := merge (deepCopy (index . 1 | default dict)) (deepCopy ((index . 0).Values.commonAnnotations | default dict)) }}
{{- with $all -}}
annotations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end }}

{{/*
A component's effective settings: `default` with `components.<name>` merged over it (the component wins,
maps merge deeply, lists are replaced). Returns YAML: `include "cfs.component" (list $ "feed") | fromYaml`.
*/}}
{{- define "cfs.component" -}}
{{- $root := index . 0 }}
{{- $name := index . 1 }}
{{- $own := index $root.Values.components $name | default dict }}
{{- with index (include "cfs.roles" $root | fromYaml) $name }}
{{- /* A role: its service's settings, with the role's values over them. */}}
{{- /* Its own replicas, resources, autoscaling and PDB (from `default` unless set): what scales the service's API does not fit it. */}}
{{- $service := omit (deepCopy (index $root.Values.components .service | default dict)) "enabled" "replicaCount" "resources" "autoscaling" "pdb" }}
{{- $role := omit (deepCopy (index $root.Values .valuesKey)) "enabled" }}
{{- if kindIs "invalid" $role.replicaCount }}{{ $role = omit $role "replicaCount" }}{{ end }}
{{- $own = mustMergeOverwrite $service $role }}
{{- end }}
{{- toYaml (mustMergeOverwrite (deepCopy $root.Values.default) (deepCopy $own)) }}
{{- end }}

{{/* `http(s)://<first ingress host>` when the Ingress is on and names a host (https with `ingress.tls`), else "". */}}
{{- define "cfs.ingressBaseUrl" -}}
{{- $host := "" }}
{{- if .Values.ingress.enabled }}{{ with .Values.ingress.hosts }}{{ $host = (first .).host | default "" }}{{ end }}{{ end }}
{{- if $host }}{{ printf "http%s://%s" (ternary "s" "" (not (empty .Values.ingress.tls))) $host }}{{ end }}
{{- end }}

{{/* The service's public address (`publicBaseUrl`, else the Ingress's), or "". */}}
{{- define "cfs.publicBaseUrl" -}}
{{- .Values.publicBaseUrl | default (include "cfs.ingressBaseUrl" .) }}
{{- end }}

{{/* Whether a component is enabled ("true" or ""). */}}
{{- define "cfs.enabled" -}}
{{- $root := index . 0 }}
{{- with index (include "cfs.roles" $root | fromYaml) (index . 1) }}
{{- if and (index $root.Values .valuesKey).enabled (include "cfs.enabled" (list $root .service)) }}true{{ end }}
{{- else }}
{{- $own := index $root.Values.components (index . 1) | default dict }}
{{- if ne (toString (index $own "enabled")) "false" }}true{{ end }}
{{- end }}
{{- end }}

{{/* The enabled services with a database, space separated. */}}
{{- define "cfs.enabledServices" -}}
{{- $root := . }}
{{- $out := list }}
{{- range $name := splitList " " (include "cfs.serviceNames" $root) }}
{{- if include "cfs.enabled" (list $root $name) }}{{ $out = append $out $name }}{{ end }}
{{- end }}
{{- join " " $out }}
{{- end }}

{{/* Image reference. Usage: include "cfs.image" (list $ $imageValues) */}}
{{- define "cfs.image" -}}
{{- $root := index . 0 }}
{{- $img := index . 1 }}
{{- $repo := $img.repository }}
{{- with $root.Values.image.registry }}{{ $repo = printf "%s/%s" (trimSuffix "/" .) $repo }}{{ end }}
{{- $tag := $img.tag | default $root.Values.image.tag | default $root.Chart.AppVersion | toString }}
{{- if $img.digest }}
{{- printf "%s:%s@%s" $repo $tag $img.digest }}
{{- else }}
{{- printf "%s:%s" $repo $tag }}
{{- end }}
{{- end }}

{{/* imagePullSecrets of every pod. */}}
{{- define "cfs.imagePullSecrets" -}}
{{- with .Values.image.pullSecrets }}
imagePullSecrets:
{{- range . }}
  - name: {{ . }}
{{- end }}
{{- end }}
{{- end }}

{{/* Name of the Secret the chart manages (the migration hook uses a copy: "<fullname>-migrate"). */}}
{{- define "cfs.secretName" -}}
{{- include "cfs.fullname" . }}
{{- end }}

{{/* Data of the chart-managed Secret: only the credentials given in values, base64-encoded. */}}
{{- define "cfs.secretData" -}}
{{- $v := .Values }}
{{- if and $v.database.url (not $v.database.existingSecret) }}
database-url: {{ $v.database.url | b64enc | quote }}
{{- end }}
{{- if and $v.redis.enabled $v.redis.url (not $v.redis.existingSecret) }}
redis-url: {{ $v.redis.url | b64enc | quote }}
{{- end }}
{{- if not $v.auth.existingSecret }}
{{- with $v.auth.credentialPepper }}
credential-pepper: {{ . | b64enc | quote }}
{{- end }}
{{- with $v.auth.cursorSecret }}
cursor-secret: {{ . | b64enc | quote }}
{{- end }}
{{- end }}
{{- if and $v.objectStorage.endpoint (not $v.objectStorage.existingSecret) }}
{{- with $v.objectStorage.accessKey }}
s3-access-key: {{ . | b64enc | quote }}
{{- end }}
{{- with $v.objectStorage.secretKey }}
s3-secret-key: {{ . | b64enc | quote }}
{{- end }}
{{- end }}
{{- if and (eq $v.payments.provider "stripe") (not $v.payments.existingSecret) }}
{{- with $v.payments.stripeSecretKey }}
stripe-secret-key: {{ . | b64enc | quote }}
{{- end }}
{{- with $v.payments.stripeWebhookSecret }}
stripe-webhook-secret: {{ . | b64enc | quote }}
{{- end }}
{{- end }}
{{- if and (eq $v.ai.provider "openai") $v.ai.apiKey (not $v.ai.existingSecret) }}
ai-api-key: {{ $v.ai.apiKey | b64enc | quote }}
{{- end }}
{{- end }}

{{/* The Secret with the service-to-service tokens (templates/service-tokens-secret.yaml). */}}
{{- define "cfs.serviceTokensSecretName" -}}
{{- .Values.serviceAuth.existingSecret | default (printf "%s-service-tokens" (include "cfs.fullname" .)) }}
{{- end }}

{{/* The Secret of generated credentials (templates/generated-secret.yaml). */}}
{{- define "cfs.generatedSecretName" -}}
{{- printf "%s-generated" (include "cfs.fullname" .) }}
{{- end }}

{{/* A generated value kept across upgrades: the existing Secret's, else a new random one. Usage: include "cfs.kept" (list $existingData "key" length) */}}
{{- define "cfs.kept" -}}
{{- $existing := index . 0 }}{{- $key := index . 1 }}
{{- if hasKey $existing $key }}{{ index $existing $key | b64dec }}{{ else }}{{ randAlphaNum (index . 2) }}{{ end }}
{{- end }}

{{/* Whether the migration hook Job runs: not with the bundled PostgreSQL, which does not exist before install. */}}
{{- define "cfs.migrationJob" -}}
{{- if and .Values.migrations.enabled (not .Values.database.bundled.enabled) }}true{{ end }}
{{- end }}

{{/* Where the pepper or the cursor secret is: your Secret, the chart's (from values), or the generated one.
Usage: include "cfs.authRef" (list $ $valueGiven $existingSecretKey "chart-key") | fromYaml */}}
{{- define "cfs.authRef" -}}
{{- $root := index . 0 }}{{- $v := $root.Values }}
{{- if $v.auth.existingSecret }}name: {{ $v.auth.existingSecret }}
key: {{ index . 2 }}
{{- else if index . 1 }}name: {{ include "cfs.secretName" $root }}
key: {{ index . 3 }}
{{- else }}name: {{ include "cfs.generatedSecretName" $root }}
key: {{ index . 3 }}
{{- end }}
{{- end }}

{{/* An env var read from a Secret. Usage: include "cfs.secretEnv" (list "NAME" $secretName $key) */}}
{{- define "cfs.secretEnv" -}}
- name: {{ index . 0 }}
  valueFrom:
    secretKeyRef:
      name: {{ index . 1 }}
      key: {{ index . 2 }}
{{- end }}

{{/*
--max-old-space-size from the memory limit: heapPercentOfMemoryLimit % of it, for limits written in
Mi, Gi, M or G. Prints nothing when there is no usable limit or the percentage is 0.
Usage: include "cfs.heapMiB" (list $resources $percent)
*/}}
{{- define "cfs.heapMiB" -}}
{{- $res := index . 0 | default dict }}
{{- $pct := index . 1 | int }}
{{- $limit := toString (dig "limits" "memory" "" $res) }}
{{- $mib := 0 }}
{{- if regexMatch "^[0-9]+Mi$" $limit }}{{ $mib = trimSuffix "Mi" $limit | int }}
{{- else if regexMatch "^[0-9]+Gi$" $limit }}{{ $mib = mul (trimSuffix "Gi" $limit | int) 1024 }}
{{- else if regexMatch "^[0-9]+M$" $limit }}{{ $mib = div (mul (trimSuffix "M" $limit | int) 1000000) 1048576 }}
{{- else if regexMatch "^[0-9]+G$" $limit }}{{ $mib = div (mul (trimSuffix "G" $limit | int) 1000000000) 1048576 }}
{{- end }}
{{- if and (gt $pct 0) (gt $mib 0) }}{{ div (mul $mib $pct) 100 }}{{ end }}
{{- end }}

{{/* Port of an endpoint URL: its explicit port, else 443 for https, else 80. */}}
{{- define "cfs.urlPort" -}}
{{- $u := urlParse . }}
{{- $hostPort := splitList ":" $u.host }}
{{- if gt (len $hostPort) 1 }}{{ last $hostPort }}{{ else if eq $u.scheme "https" }}443{{ else }}80{{ end }}
{{- end }}

{{/*
The environment of a component's container: the system's wiring first (addresses, ports, datastores,
secrets, OTEL_*), then `env` and `extraEnv`, which override wiring variables of the same name (those are
left out, so no name appears twice).
Usage: include "cfs.env" (dict "root" $ "name" "feed" "c" $c "secretName" $name "resources" $res ["migrate" true])
(`migrate`: the migration Job's containers, which export no traces.)
*/}}
{{- define "cfs.env" -}}
{{- $root := .root }}
{{- $v := $root.Values }}
{{- $name := .name }}
{{- $c := .c }}
{{- $secret := .secretName }}
{{- $wiring := list }}
{{- $wiring = append $wiring (dict "name" "LOG_LEVEL" "value" (toString $c.logLevel)) }}
{{- with include "cfs.heapMiB" (list .resources $c.heapPercentOfMemoryLimit) }}
{{- $wiring = append $wiring (dict "name" "NODE_OPTIONS" "value" (printf "--max-old-space-size=%s" .)) }}
{{- end }}
{{- $fullname := include "cfs.fullname" $root }}
{{- if eq $name "gateway" }}
{{- $wiring = append $wiring (dict "name" "PORT" "value" (toString $c.ports.http)) }}
{{- $wiring = append $wiring (dict "name" "HOST" "value" "0.0.0.0") }}
{{- range $svc := splitList " " (include "cfs.serviceNames" $root) }}
{{- $sc := include "cfs.component" (list $root $svc) | fromYaml }}
{{- $wiring = append $wiring (dict "name" (printf "%s_ADDR" (upper $svc)) "value" (printf "%s:%v" (include "cfs.componentFullname" (list $root $svc)) $sc.ports.grpc)) }}
{{- end }}
{{- $media := include "cfs.component" (list $root "media") | fromYaml }}
{{- $wiring = append $wiring (dict "name" "MEDIA_HTTP_URL" "value" (printf "http://%s:%v" (include "cfs.componentFullname" (list $root "media")) $media.ports.http)) }}
{{- $wiring = append $wiring (dict "name" "CURSOR_SECRET" "valueFrom" (dict "secretKeyRef" (include "cfs.authRef" (list $root $v.auth.cursorSecret $v.auth.existingSecretCursorKey "cursor-secret") | fromYaml))) }}
{{- else if eq $name "dashboard" }}
{{- $wiring = append $wiring (dict "name" "DASHBOARD_HTTP_PORT" "value" (toString $c.ports.http)) }}
{{- $wiring = append $wiring (dict "name" "DASHBOARD_HTTP_HOST" "value" "0.0.0.0") }}
{{- range $svc := splitList " " (include "cfs.serviceNames" $root) }}
{{- $sc := include "cfs.component" (list $root $svc) | fromYaml }}
{{- $wiring = append $wiring (dict "name" (printf "%s_ADDR" (upper $svc)) "value" (printf "%s:%v" (include "cfs.componentFullname" (list $root $svc)) $sc.ports.grpc)) }}
{{- end }}
{{- else }}
{{- /* A role is its service's program: it reads the service's variables, and its role variable. */}}
{{- $service := include "cfs.serviceOf" (list $root $name) }}
{{- $wiring = append $wiring (dict "name" (printf "%s_GRPC_PORT" (upper $service)) "value" (toString $c.ports.grpc)) }}
{{- $wiring = append $wiring (dict "name" (printf "%s_GRPC_HOST" (upper $service)) "value" "0.0.0.0") }}
{{- range $roleName, $role := include "cfs.roles" $root | fromYaml }}
{{- if eq $name $roleName }}
{{- $wiring = append $wiring (dict "name" $role.variable "value" $role.value) }}
{{- else if and (eq $name $role.service) (include "cfs.enabled" (list $root $roleName)) }}
{{- $wiring = append $wiring (dict "name" $role.variable "value" "api") }}
{{- end }}
{{- end }}
{{- if $v.database.bundled.enabled }}
{{- $wiring = append $wiring (dict "name" "DATABASE_URL" "valueFrom" (dict "secretKeyRef" (dict "name" (include "cfs.generatedSecretName" $root) "key" "database-url"))) }}
{{- else }}
{{- $wiring = append $wiring (dict "name" "DATABASE_URL" "valueFrom" (dict "secretKeyRef" (dict "name" ($v.database.existingSecret | default $secret) "key" (ternary $v.database.existingSecretKey "database-url" (ne $v.database.existingSecret ""))))) }}
{{- end }}
{{- $wiring = append $wiring (dict "name" "MIGRATE_ON_START" "value" (ternary "false" "true" (eq (include "cfs.migrationJob" $root) "true"))) }}
{{- with (and (eq $service "feed") (not .migrate) (include "cfs.publicBaseUrl" $root)) }}
{{- /* Named in the Sources' User-Agent; the address publishers and hubs reach the gateway at. */}}
{{- $wiring = append $wiring (dict "name" "PUBLIC_BASE_URL" "value" .) }}
{{- end }}
{{- if and (eq $service "feed") (not .migrate) }}
{{- /* The positions in feed.changed events are changes-feed tokens, signed as the gateway signs them. */}}
{{- $wiring = append $wiring (dict "name" "CURSOR_SECRET" "valueFrom" (dict "secretKeyRef" (include "cfs.authRef" (list $root $v.auth.cursorSecret $v.auth.existingSecretCursorKey "cursor-secret") | fromYaml))) }}
{{- end }}
{{- end }}
{{- $tokens := include "cfs.serviceTokensSecretName" $root }}
{{- if and (not (has $name (splitList " " (include "cfs.httpComponents" $root)))) (not .migrate) }}
{{- $wiring = append $wiring (dict "name" "SERVICE_CALLERS" "valueFrom" (dict "secretKeyRef" (dict "name" $tokens "key" "service-callers"))) }}
{{- end }}
{{- $calls := include "cfs.callsOf" (list $root $name) }}
{{- if and $calls (not .migrate) }}
{{- /* A role calls as its service, with the service's token. */}}
{{- $wiring = append $wiring (dict "name" "SERVICE_TOKEN" "valueFrom" (dict "secretKeyRef" (dict "name" $tokens "key" (printf "service-token-%s" (include "cfs.serviceOf" (list $root $name)))))) }}
{{- end }}
{{- if eq $name "identity" }}
{{- $wiring = append $wiring (dict "name" "CREDENTIAL_PEPPER" "valueFrom" (dict "secretKeyRef" (include "cfs.authRef" (list $root $v.auth.credentialPepper $v.auth.existingSecretPepperKey "credential-pepper") | fromYaml))) }}
{{- end }}
{{- if and $v.redis.enabled (has $name (splitList " " (include "cfs.redisClients" $root))) }}
{{- if $v.redis.bundled.enabled }}
{{- $wiring = append $wiring (dict "name" "REDIS_URL" "valueFrom" (dict "secretKeyRef" (dict "name" (include "cfs.generatedSecretName" $root) "key" "redis-url"))) }}
{{- else }}
{{- $wiring = append $wiring (dict "name" "REDIS_URL" "valueFrom" (dict "secretKeyRef" (dict "name" ($v.redis.existingSecret | default $secret) "key" (ternary $v.redis.existingSecretKey "redis-url" (ne $v.redis.existingSecret ""))))) }}
{{- end }}
{{- end }}
{{- if has $name (splitList " " (include "cfs.redisClients" $root)) }}
{{- $wiring = append $wiring (dict "name" "REDIS_KEY_PREFIX" "value" $v.redis.keyPrefix) }}
{{- end }}
{{- if and (eq $name "account") (or $v.plans.existingConfigMap $v.plans.catalog) }}
{{- $wiring = append $wiring (dict "name" "PLANS_FILE" "value" "/etc/cfs/plans/plans.json") }}
{{- end }}
{{- if and $calls (not (has $name (list "gateway" "dashboard"))) (not .migrate) }}
{{- range $svc := splitList " " $calls }}
{{- $sc := include "cfs.component" (list $root $svc) | fromYaml }}
{{- $wiring = append $wiring (dict "name" (printf "%s_ADDR" (upper $svc)) "value" (printf "%s:%v" (include "cfs.componentFullname" (list $root $svc)) $sc.ports.grpc)) }}
{{- end }}
{{- end }}
{{- if eq $name "billing" }}
{{- with $v.payments.provider }}{{ $wiring = append $wiring (dict "name" "BILLING_PROVIDER" "value" .) }}{{ end }}
{{- if eq $v.payments.provider "local" }}
{{- $wiring = append $wiring (dict "name" "BILLING_ALLOW_UNPAID" "value" (toString $v.payments.allowUnpaid)) }}
{{- end }}
{{- $wiring = append $wiring (dict "name" "BILLING_GRACE_DAYS" "value" (toString $v.payments.graceDays)) }}
{{- if eq $v.payments.provider "stripe" }}
{{- $existing := ne $v.payments.existingSecret "" }}
{{- $wiring = append $wiring (dict "name" "STRIPE_SECRET_KEY" "valueFrom" (dict "secretKeyRef" (dict "name" ($v.payments.existingSecret | default $secret) "key" (ternary $v.payments.existingSecretKey "stripe-secret-key" $existing)))) }}
{{- $wiring = append $wiring (dict "name" "STRIPE_WEBHOOK_SECRET" "valueFrom" (dict "secretKeyRef" (dict "name" ($v.payments.existingSecret | default $secret) "key" (ternary $v.payments.existingSecretWebhookKey "stripe-webhook-secret" $existing)))) }}
{{- end }}
{{- with $v.payments.checkoutSuccessUrl }}{{ $wiring = append $wiring (dict "name" "CHECKOUT_SUCCESS_URL" "value" .) }}{{ end }}
{{- with $v.payments.checkoutCancelUrl }}{{ $wiring = append $wiring (dict "name" "CHECKOUT_CANCEL_URL" "value" .) }}{{ end }}
{{- end }}
{{- if has $name (list "media" "media-worker") }}
{{- $wiring = append $wiring (dict "name" "MEDIA_HTTP_PORT" "value" (toString $c.ports.http)) }}
{{- $wiring = append $wiring (dict "name" "MEDIA_HTTP_HOST" "value" "0.0.0.0") }}
{{- if $v.objectStorage.bundled.enabled }}
{{- $wiring = append $wiring (dict "name" "S3_ENDPOINT" "value" (printf "http://%s:9000" (include "cfs.componentFullname" (list $root "minio")))) }}
{{- $wiring = append $wiring (dict "name" "S3_BUCKET" "value" $v.objectStorage.bucket) }}
{{- $wiring = append $wiring (dict "name" "S3_REGION" "value" $v.objectStorage.region) }}
{{- $wiring = append $wiring (dict "name" "S3_ACCESS_KEY" "valueFrom" (dict "secretKeyRef" (dict "name" (include "cfs.generatedSecretName" $root) "key" "s3-access-key"))) }}
{{- $wiring = append $wiring (dict "name" "S3_SECRET_KEY" "valueFrom" (dict "secretKeyRef" (dict "name" (include "cfs.generatedSecretName" $root) "key" "s3-secret-key"))) }}
{{- else if $v.objectStorage.endpoint }}
{{- $s3secret := $v.objectStorage.existingSecret | default $secret }}
{{- $existing := ne $v.objectStorage.existingSecret "" }}
{{- $wiring = append $wiring (dict "name" "S3_ENDPOINT" "value" $v.objectStorage.endpoint) }}
{{- $wiring = append $wiring (dict "name" "S3_BUCKET" "value" $v.objectStorage.bucket) }}
{{- $wiring = append $wiring (dict "name" "S3_REGION" "value" $v.objectStorage.region) }}
{{- $wiring = append $wiring (dict "name" "S3_ACCESS_KEY" "valueFrom" (dict "secretKeyRef" (dict "name" $s3secret "key" (ternary $v.objectStorage.existingSecretAccessKeyKey "s3-access-key" $existing)))) }}
{{- $wiring = append $wiring (dict "name" "S3_SECRET_KEY" "valueFrom" (dict "secretKeyRef" (dict "name" $s3secret "key" (ternary $v.objectStorage.existingSecretSecretKeyKey "s3-secret-key" $existing)))) }}
{{- else }}
{{- $wiring = append $wiring (dict "name" "MEDIA_DIR" "value" "/var/lib/cfs-media") }}
{{- end }}
{{- if not .migrate }}
{{- $ai := $v.ai }}
{{- $wiring = append $wiring (dict "name" "AI_PROVIDER" "value" $ai.provider) }}
{{- with $ai.apiUrl }}{{ $wiring = append $wiring (dict "name" "AI_API_URL" "value" .) }}{{ end }}
{{- if eq $ai.provider "openai" }}
{{- $wiring = append $wiring (dict "name" "AI_API_KEY" "valueFrom" (dict "secretKeyRef" (dict "name" ($ai.existingSecret | default $secret) "key" (ternary $ai.existingSecretKey "ai-api-key" (ne $ai.existingSecret ""))))) }}
{{- end }}
{{- $wiring = append $wiring (dict "name" "AI_TEXT_MODEL" "value" $ai.textModel) }}
{{- $wiring = append $wiring (dict "name" "AI_IMAGE_MODEL" "value" $ai.imageModel) }}
{{- $wiring = append $wiring (dict "name" "AI_TIMEOUT_MS" "value" (toString (int64 $ai.timeoutMs))) }}
{{- $wiring = append $wiring (dict "name" "AI_MAX_ATTEMPTS" "value" (toString (int64 $ai.maxAttempts))) }}
{{- $wiring = append $wiring (dict "name" "AI_UNITS_TEXT" "value" (toString (int64 $ai.unitsText))) }}
{{- $wiring = append $wiring (dict "name" "AI_UNITS_IMAGE" "value" (toString (int64 $ai.unitsImage))) }}
{{- $wiring = append $wiring (dict "name" "AI_BACKFILL_ARTICLES" "value" (toString (int64 $ai.backfillArticles))) }}
{{- $wiring = append $wiring (dict "name" "AI_SWEEP_CRON" "value" $ai.sweepCron) }}
{{- end }}
{{- end }}
{{- if and $v.telemetry.enabled (not .migrate) }}
{{- $wiring = append $wiring (dict "name" "K8S_POD_NAME" "valueFrom" (dict "fieldRef" (dict "fieldPath" "metadata.name"))) }}
{{- $wiring = append $wiring (dict "name" "K8S_NAMESPACE_NAME" "valueFrom" (dict "fieldRef" (dict "fieldPath" "metadata.namespace"))) }}
{{- $wiring = append $wiring (dict "name" "K8S_NODE_NAME" "valueFrom" (dict "fieldRef" (dict "fieldPath" "spec.nodeName"))) }}
{{- $wiring = append $wiring (dict "name" "OTEL_SERVICE_NAME" "valueFrom" (dict "fieldRef" (dict "fieldPath" "metadata.labels['app.kubernetes.io/component']"))) }}
{{- $wiring = append $wiring (dict "name" "OTEL_TRACES_EXPORTER" "value" "otlp") }}
{{- if not $v.metrics.enabled }}{{ $wiring = append $wiring (dict "name" "OTEL_METRICS_EXPORTER" "value" "none") }}{{ end }}
{{- $wiring = append $wiring (dict "name" "OTEL_LOGS_EXPORTER" "value" "none") }}
{{- $wiring = append $wiring (dict "name" "OTEL_EXPORTER_OTLP_ENDPOINT" "value" $v.telemetry.otlpEndpoint) }}
{{- $wiring = append $wiring (dict "name" "OTEL_EXPORTER_OTLP_PROTOCOL" "value" $v.telemetry.otlpProtocol) }}
{{- $wiring = append $wiring (dict "name" "OTEL_TRACES_SAMPLER" "value" $v.telemetry.sampler) }}
{{- with $v.telemetry.samplerArg }}{{ $wiring = append $wiring (dict "name" "OTEL_TRACES_SAMPLER_ARG" "value" (toString .)) }}{{ end }}
{{- $attrs := list (printf "service.namespace=%s" $root.Release.Name) (printf "service.version=%s" $root.Chart.AppVersion) "k8s.namespace.name=$(K8S_NAMESPACE_NAME)" "k8s.pod.name=$(K8S_POD_NAME)" "k8s.node.name=$(K8S_NODE_NAME)" }}
{{- range $k := keys $v.telemetry.resourceAttributes | sortAlpha }}
{{- $attrs = append $attrs (printf "%s=%v" $k (index $v.telemetry.resourceAttributes $k)) }}
{{- end }}
{{- $wiring = append $wiring (dict "name" "OTEL_RESOURCE_ATTRIBUTES" "value" (join "," $attrs)) }}
{{- end }}
{{- if and $v.metrics.enabled (not .migrate) }}
{{- $wiring = append $wiring (dict "name" "OTEL_METRICS_EXPORTER" "value" "prometheus") }}
{{- $wiring = append $wiring (dict "name" "OTEL_EXPORTER_PROMETHEUS_HOST" "value" "0.0.0.0") }}
{{- $wiring = append $wiring (dict "name" "OTEL_EXPORTER_PROMETHEUS_PORT" "value" (toString $v.metrics.port)) }}
{{- end }}
{{- $overridden := keys ($c.env | default dict) }}
{{- range $c.extraEnv }}{{ $overridden = append $overridden .name }}{{ end }}
{{- range $wiring }}
{{- if not (has .name $overridden) }}
- {{ toYaml . | nindent 2 | trim }}
{{- end }}
{{- end }}
{{- range $k := keys ($c.env | default dict) | sortAlpha }}
- name: {{ $k }}
  value: {{ index $c.env $k | toString | quote }}
{{- end }}
{{- with $c.extraEnv }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/* A probe. Usage: include "cfs.probe" (list $name $c $probeValues) */}}
{{- define "cfs.probe" -}}
{{- $name := index . 0 }}
{{- $c := index . 1 }}
{{- $p := index . 2 }}
{{- $http := has $name (list "gateway" "dashboard") }}{{/* cfs.httpComponents */}}
{{- if eq $p.type "grpc" }}
{{- if not $c.ports.grpc }}{{ fail (printf "components.%s: a grpc probe needs a gRPC port (the gateway and the dashboard speak HTTP: use httpGet or tcpSocket)" $name) }}{{ end }}
grpc:
  port: {{ $c.ports.grpc }}
{{- else if eq $p.type "httpGet" }}
{{- if not $http }}{{ fail (printf "components.%s: httpGet probes are for the gateway and the dashboard; services answer the gRPC health check (use grpc or tcpSocket)" $name) }}{{ end }}
httpGet:
  path: {{ $p.path }}
  port: http
{{- else }}
tcpSocket:
  port: {{ ternary "http" "grpc" $http }}
{{- end }}
initialDelaySeconds: {{ $p.initialDelaySeconds }}
periodSeconds: {{ $p.periodSeconds }}
timeoutSeconds: {{ $p.timeoutSeconds }}
failureThreshold: {{ $p.failureThreshold }}
successThreshold: {{ $p.successThreshold }}
{{- end }}

{{/* Pod-level security context, container-level security context and /tmp of every pod. */}}
{{- define "cfs.tmpVolume" -}}
- name: tmp
  emptyDir:
    sizeLimit: {{ . }}
{{- end }}

{{/*
One NetworkPolicy rule: `peers` (NetworkPolicyPeer list; an empty list allows any address) and `ports`.
Usage: include "cfs.rule" (list "to" $peers $ports) — "from" for ingress rules.
*/}}
{{- define "cfs.rule" -}}
{{- $rule := dict "ports" (index . 2) }}
{{- with index . 1 }}{{ $_ := set $rule (index $ 0) . }}{{ end }}
{{- printf "- %s" (toYaml $rule | nindent 2 | trim) }}
{{- end }}

{{/* An egress rule to a bundled datastore's pods. Usage: include "cfs.bundledRule" (list $ "postgresql" 5432) */}}
{{- define "cfs.bundledRule" -}}
- to:
    - podSelector:
        matchLabels:
          {{- include "cfs.selectorLabels" (list (index . 0) (index . 1)) | nindent 10 }}
  ports:
    - port: {{ index . 2 }}
      protocol: TCP
{{- end }}

{{/* Port of the OTLP endpoint: its explicit port, else 4318 (OTLP/HTTP). */}}
{{- define "cfs.otlpPort" -}}
{{- $u := urlParse .Values.telemetry.otlpEndpoint }}
{{- $hostPort := splitList ":" $u.host }}
{{- if gt (len $hostPort) 1 }}{{ last $hostPort }}{{ else }}4318{{ end }}
{{- end }}
