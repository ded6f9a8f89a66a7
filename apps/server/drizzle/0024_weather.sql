CREATE TABLE "weather_city" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer,
	"hotel_id" integer,
	"name" varchar(30) NOT NULL,
	"name_en" varchar(60),
	"code" varchar(40) NOT NULL,
	"international" boolean DEFAULT false NOT NULL,
	"local" boolean DEFAULT false NOT NULL,
	"weather_code" integer,
	"temperature" numeric(14, 1),
	"wind" numeric(14, 1),
	"forecast" jsonb,
	"observed_at" timestamp with time zone,
	"fetch_error" varchar(200),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "weather_city_tenant_idx" ON "weather_city" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "weather_city_international_idx" ON "weather_city" USING btree ("international");--> statement-breakpoint
CREATE INDEX "weather_city_local_idx" ON "weather_city" USING btree ("local");