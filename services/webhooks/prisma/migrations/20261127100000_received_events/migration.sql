-- AlterTable
ALTER TABLE "deliveries" ADD COLUMN "event_id" TEXT;

-- CreateTable
CREATE TABLE "received_events" (
    "id" TEXT NOT NULL,
    "site_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "received_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "received_events_created_at_idx" ON "received_events"("created_at");
