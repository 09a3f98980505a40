-- Webhook events written in the transaction of the change that causes them (@cfs/common/outbox).
-- ai_budget_locks also keeps the standing last told (ai.budget.status_changed).
-- AlterTable
ALTER TABLE "ai_budget_locks" ADD COLUMN     "budget" BIGINT,
ADD COLUMN     "period" TEXT,
ADD COLUMN     "period_end" TIMESTAMPTZ(3),
ADD COLUMN     "period_start" TIMESTAMPTZ(3),
ADD COLUMN     "status" TEXT;

-- CreateTable
CREATE TABLE "webhook_outbox" (
    "id" BIGSERIAL NOT NULL,
    "site_id" TEXT,
    "type" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimed_until" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_outbox_pkey" PRIMARY KEY ("id")
);

