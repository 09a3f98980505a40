-- Webhook events written in the transaction of the change that causes them (@cfs/common/outbox).
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

