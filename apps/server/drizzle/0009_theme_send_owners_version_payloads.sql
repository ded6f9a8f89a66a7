ALTER TABLE "theme_sends" ADD COLUMN "brand_id" integer;--> statement-breakpoint
ALTER TABLE "theme_sends" ADD COLUMN "hotel_id" integer;--> statement-breakpoint
ALTER TABLE "theme_sends" ADD COLUMN "sent_by" varchar(100);--> statement-breakpoint
ALTER TABLE "theme_sends" ADD COLUMN "cancelled_by" varchar(100);--> statement-breakpoint
ALTER TABLE "theme_versions" ADD COLUMN "payload" text;--> statement-breakpoint
ALTER TABLE "theme_versions" ADD COLUMN "payload_sha256" varchar(64);--> statement-breakpoint
ALTER TABLE "theme_sends" ADD CONSTRAINT "theme_sends_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_sends" ADD CONSTRAINT "theme_sends_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;