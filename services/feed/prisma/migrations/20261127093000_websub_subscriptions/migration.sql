-- WebSub: a Source's subscription at the hub its feed names (src/sources/websub.ts). No foreign key
-- to sources: the row outlives a removed Source until the hub has checked the unsubscription.
CREATE TABLE "websub_subscriptions" (
    "source_id" TEXT NOT NULL,
    "hub_url" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "lease_seconds" INTEGER,
    "lease_expires_at" TIMESTAMPTZ(3),
    "renew_at" TIMESTAMPTZ(3),
    "requested_at" TIMESTAMPTZ(3) NOT NULL,
    "verified_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "websub_subscriptions_pkey" PRIMARY KEY ("source_id")
);

-- CreateIndex
CREATE INDEX "websub_subscriptions_renew_idx" ON "websub_subscriptions"("state", "renew_at");
