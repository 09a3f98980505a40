-- Sources: publishers' feeds the service polls (src/sources/). next_fetch_at is the schedule;
-- fetching_until holds a Source while one fetch of it runs.
CREATE TABLE "sources" (
    "id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "categories" TEXT[],
    "interval_seconds" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "last_fetch_at" TIMESTAMPTZ(3),
    "last_success_at" TIMESTAMPTZ(3),
    "next_fetch_at" TIMESTAMPTZ(3),
    "last_error_code" TEXT,
    "last_error_message" TEXT,
    "etag" TEXT,
    "last_modified" TEXT,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "fetching_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sources_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "sources_due_idx" ON "sources"("status", "next_fetch_at");

-- The Source an article was read from; null for imported articles (and once its Source is removed).
ALTER TABLE "articles" ADD COLUMN "source_id" TEXT;
CREATE INDEX "articles_source_idx" ON "articles"("source_id");
ALTER TABLE "articles" ADD CONSTRAINT "articles_source_id_fkey" FOREIGN KEY ("source_id") REFERENCES "sources"("id") ON DELETE SET NULL ON UPDATE CASCADE;
