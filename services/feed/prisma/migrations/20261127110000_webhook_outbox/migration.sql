-- Webhook events (feed.changed) written in the same transaction as the change that causes them
-- (@cfs/common/outbox; src/webhook-events.ts relays them to the webhooks service).
CREATE TABLE "webhook_outbox" (
    "id" BIGSERIAL NOT NULL,
    "site_id" TEXT,
    "type" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    "claimed_until" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_outbox_pkey" PRIMARY KEY ("id")
);

-- Per Site, the position its last feed.changed gave as nextSince: the next one's since.
CREATE TABLE "webhook_feed_positions" (
    "site_id" TEXT NOT NULL,
    "seq" BIGINT NOT NULL,
    "version" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhook_feed_positions_pkey" PRIMARY KEY ("site_id")
);
