ALTER TABLE "ai_goods" ALTER COLUMN "name" SET DATA TYPE varchar(50);--> statement-breakpoint
ALTER TABLE "ai_goods" ALTER COLUMN "name_en" SET DATA TYPE varchar(100);--> statement-breakpoint
ALTER TABLE "ai_goods" ADD COLUMN "shop_goods_id" integer;--> statement-breakpoint
CREATE INDEX "ai_goods_hotel_id_shop_goods_id_idx" ON "ai_goods" USING btree ("hotel_id","shop_goods_id");