-- CreateTable
CREATE TABLE "seo_profiles" (
    "site_id" TEXT NOT NULL,
    "site_name" TEXT NOT NULL,
    "locale" TEXT NOT NULL,
    "keywords" TEXT[],
    "tone" TEXT NOT NULL,
    "topics" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "seo_profiles_pkey" PRIMARY KEY ("site_id")
);
