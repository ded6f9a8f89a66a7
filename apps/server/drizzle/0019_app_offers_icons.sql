CREATE TABLE "app_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"brand_id" integer,
	"hotel_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "icon_file_id" varchar(36);--> statement-breakpoint
ALTER TABLE "app_offers" ADD CONSTRAINT "app_offers_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_offers" ADD CONSTRAINT "app_offers_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_offers" ADD CONSTRAINT "app_offers_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_offers_app_idx" ON "app_offers" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "app_offers_brand_idx" ON "app_offers" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "app_offers_hotel_idx" ON "app_offers" USING btree ("hotel_id");--> statement-breakpoint
-- Platform apps were offered to every hotel before offers existed: the official ones stay so.
INSERT INTO "app_offers" ("app_id") SELECT "id" FROM "apps" WHERE "brand_id" IS NULL AND "hotel_id" IS NULL AND "distribution" = 'official';
