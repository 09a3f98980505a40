-- AlterTable
ALTER TABLE "billing_subscriptions" ADD COLUMN     "cancel_at_period_end" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "checkout_ref" TEXT,
ADD COLUMN     "last_event_at" TIMESTAMPTZ(3),
ADD COLUMN     "past_due_since" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "billing_customers" (
    "customer_id" TEXT NOT NULL,
    "provider_customer_ref" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "billing_customers_pkey" PRIMARY KEY ("customer_id")
);

-- CreateTable
CREATE TABLE "processed_events" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "processed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "processed_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "site_plan_sync" (
    "site_id" TEXT NOT NULL,
    "desired_plan" TEXT,
    "applied" BOOLEAN NOT NULL DEFAULT false,
    "version" INTEGER NOT NULL DEFAULT 1,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "site_plan_sync_pkey" PRIMARY KEY ("site_id")
);

-- CreateIndex
CREATE INDEX "billing_subscriptions_provider_ref_idx" ON "billing_subscriptions"("provider_ref");

-- CreateIndex
CREATE INDEX "billing_subscriptions_checkout_ref_idx" ON "billing_subscriptions"("checkout_ref");

-- Written by hand: until now a pending subscription kept its checkout session in provider_ref.
UPDATE "billing_subscriptions" SET "checkout_ref" = "provider_ref", "provider_ref" = NULL WHERE "status" IN ('pending', 'expired') AND "provider_ref" LIKE 'cs_%';

-- Written by hand: a past_due subscription still holds the Site's slot (at most one open per Site).
DROP INDEX "billing_subscriptions_one_open_per_site";
CREATE UNIQUE INDEX "billing_subscriptions_one_open_per_site" ON "billing_subscriptions"("site_id") WHERE "status" IN ('pending', 'active', 'past_due');

-- Written by hand: a Site with an active subscription already has its plan; the outbox starts from that.
INSERT INTO "site_plan_sync" ("site_id", "desired_plan", "applied", "version", "updated_at")
SELECT "site_id", "plan", true, 1, now() FROM "billing_subscriptions" WHERE "status" = 'active'
ON CONFLICT DO NOTHING;

-- Written by hand: the outbox's work list (rows not yet applied).
CREATE INDEX "site_plan_sync_unapplied" ON "site_plan_sync"("updated_at") WHERE NOT "applied";
