-- CreateTable
CREATE TABLE "media_objects" (
    "key" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "media_objects_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "ai_usage_entries" (
    "id" TEXT NOT NULL,
    "site_id" TEXT NOT NULL,
    "units" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ai_usage_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ai_images_status" (
    "id" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ai_images_status_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ai_usage_entries_site_id_created_at_idx" ON "ai_usage_entries"("site_id", "created_at");
