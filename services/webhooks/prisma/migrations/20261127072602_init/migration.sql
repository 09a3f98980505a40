-- CreateTable
CREATE TABLE "endpoints" (
    "id" TEXT NOT NULL,
    "site_id" TEXT NOT NULL,
    "customer_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT[],
    "description" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL,
    "disabled_reason" TEXT,
    "secret" TEXT NOT NULL,
    "previous_secret" TEXT,
    "previous_secret_expires_at" TIMESTAMPTZ(3),
    "failing_since" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "endpoints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "deliveries" (
    "id" TEXT NOT NULL,
    "endpoint_id" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "event_at" TIMESTAMPTZ(3) NOT NULL,
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL,
    "last_attempt_at" TIMESTAMPTZ(3),
    "next_attempt_at" TIMESTAMPTZ(3),
    "response_status" INTEGER,
    "duration_ms" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "endpoints_site_id_created_at_idx" ON "endpoints"("site_id", "created_at");

-- CreateIndex
CREATE INDEX "deliveries_endpoint_id_created_at_id_idx" ON "deliveries"("endpoint_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "deliveries_status_next_attempt_at_idx" ON "deliveries"("status", "next_attempt_at");

-- AddForeignKey
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;
