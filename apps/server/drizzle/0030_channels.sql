CREATE TABLE "channel" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" integer,
	"name" varchar(100) NOT NULL,
	"stream_url" varchar(1000) NOT NULL,
	"logo" varchar(1000),
	"epg_id" varchar(100),
	"type" varchar(50),
	"package" varchar(50),
	"active" boolean DEFAULT true NOT NULL,
	"source" varchar(40) DEFAULT 'manual' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hotel_channel" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"number" integer,
	"name" varchar(100) NOT NULL,
	"stream_url" varchar(1000) NOT NULL,
	"logo" varchar(1000),
	"epg_id" varchar(100),
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"channels" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_lineup" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"channel_id" integer,
	"hotel_channel_id" integer,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_programmes" (
	"id" serial PRIMARY KEY NOT NULL,
	"epg_id" varchar(100) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"title" varchar(200) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_imports" ADD CONSTRAINT "channel_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_lineup" ADD CONSTRAINT "channel_lineup_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_lineup" ADD CONSTRAINT "channel_lineup_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_lineup" ADD CONSTRAINT "channel_lineup_channel_id_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_lineup" ADD CONSTRAINT "channel_lineup_hotel_channel_id_hotel_channel_id_fk" FOREIGN KEY ("hotel_channel_id") REFERENCES "public"."hotel_channel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_epg_id_idx" ON "channel" USING btree ("epg_id");--> statement-breakpoint
CREATE INDEX "channel_type_idx" ON "channel" USING btree ("type");--> statement-breakpoint
CREATE INDEX "channel_package_idx" ON "channel" USING btree ("package");--> statement-breakpoint
CREATE INDEX "channel_active_idx" ON "channel" USING btree ("active");--> statement-breakpoint
CREATE INDEX "channel_source_idx" ON "channel" USING btree ("source");--> statement-breakpoint
CREATE INDEX "hotel_channel_tenant_idx" ON "hotel_channel" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "hotel_channel_active_idx" ON "hotel_channel" USING btree ("active");--> statement-breakpoint
CREATE INDEX "channel_lineup_hotel_idx" ON "channel_lineup" USING btree ("hotel_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_lineup_platform_uq" ON "channel_lineup" USING btree ("hotel_id","channel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_lineup_own_uq" ON "channel_lineup" USING btree ("hotel_id","hotel_channel_id");--> statement-breakpoint
CREATE INDEX "channel_programmes_epg_idx" ON "channel_programmes" USING btree ("epg_id","starts_at");--> statement-breakpoint
CREATE INDEX "channel_programmes_end_idx" ON "channel_programmes" USING btree ("ends_at");