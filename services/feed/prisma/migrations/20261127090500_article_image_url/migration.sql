-- The publisher's own image of an article read from a Source (src/sources/map-item.ts), kept as
-- given; null for imported articles and items without one. Additive: existing rows read null.
ALTER TABLE "articles" ADD COLUMN "image_url" TEXT;
