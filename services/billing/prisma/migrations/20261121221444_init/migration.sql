-- CreateTable
CREATE TABLE "billing_subscriptions" (
    "id" TEXT NOT NULL,
    "site_id" TEXT NOT NULL,
    "customer_id" TEXT NOT NULL,
    "plan" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "provider_ref" TEXT,
    "checkout_url" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "activated_at" TIMESTAMPTZ(3),
    "canceled_at" TIMESTAMPTZ(3),
    "current_period_end" TIMESTAMPTZ(3),

    CONSTRAINT "billing_subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "billing_subscriptions_site_id_created_at_idx" ON "billing_subscriptions"("site_id", "created_at");

-- At most one pending or active subscription per Site: concurrent checkouts give one winner.
CREATE UNIQUE INDEX "billing_subscriptions_one_open_per_site" ON "billing_subscriptions"("site_id") WHERE "status" IN ('pending', 'active');
