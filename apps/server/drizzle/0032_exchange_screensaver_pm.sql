CREATE TABLE "exchange_rate" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"name" varchar(30) NOT NULL,
	"name_en" varchar(60),
	"per" integer DEFAULT 100 NOT NULL,
	"spot_sell" numeric(14, 4),
	"spot_buy" numeric(14, 4),
	"cash_sell" numeric(14, 4),
	"cash_buy" numeric(14, 4),
	"middle" numeric(14, 4),
	"source" varchar(40) DEFAULT 'manual' NOT NULL,
	"rate_time" timestamp with time zone,
	"fetch_error" varchar(200),
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screensaver_photo" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"title" varchar(50) NOT NULL,
	"picture_id" varchar(36) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "weather_city" ADD COLUMN "pm25" numeric(14, 1);--> statement-breakpoint
ALTER TABLE "weather_city" ADD COLUMN "pm10" numeric(14, 1);--> statement-breakpoint
ALTER TABLE "weather_city" ADD COLUMN "air_observed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "exchange_rate_tenant_idx" ON "exchange_rate" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rate_currency_uq" ON "exchange_rate" USING btree (coalesce("brand_id", 0),coalesce("hotel_id", 0),"currency");--> statement-breakpoint
CREATE INDEX "exchange_rate_source_idx" ON "exchange_rate" USING btree ("source");--> statement-breakpoint
CREATE INDEX "screensaver_photo_tenant_idx" ON "screensaver_photo" USING btree ("brand_id","hotel_id");