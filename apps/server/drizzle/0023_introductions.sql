CREATE TABLE "intro_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer,
	"hotel_id" integer,
	"name" varchar(30) NOT NULL,
	"name_en" varchar(30),
	"name_tw" varchar(30),
	"name_ja" varchar(30),
	"name_ko" varchar(30),
	"parent_id" integer,
	"icon" varchar(36),
	"show_default" boolean DEFAULT false NOT NULL,
	"total_seconds" integer DEFAULT 0 NOT NULL,
	"item_seconds" integer DEFAULT 10 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intro_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer,
	"hotel_id" integer,
	"type_id" integer NOT NULL,
	"title" varchar(50) NOT NULL,
	"title_en" varchar(50),
	"title_tw" varchar(50),
	"title_ja" varchar(50),
	"title_ko" varchar(50),
	"text" varchar(2000) NOT NULL,
	"text_en" varchar(2000),
	"text_tw" varchar(2000),
	"text_ja" varchar(2000),
	"text_ko" varchar(2000),
	"background_id" varchar(36) NOT NULL,
	"background_en_id" varchar(36),
	"video_id" varchar(36),
	"qr_enabled" boolean DEFAULT false NOT NULL,
	"qr_url" varchar(500),
	"qr_style" varchar(40) DEFAULT 'card' NOT NULL,
	"qr_size" integer DEFAULT 240 NOT NULL,
	"qr_x" varchar(40) DEFAULT 'right' NOT NULL,
	"qr_y" varchar(40) DEFAULT 'bottom' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intro_custom" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer,
	"hotel_id" integer,
	"name" varchar(50) NOT NULL,
	"effect_image_id" varchar(36),
	"slice_count" integer DEFAULT 1 NOT NULL,
	"group_count" integer DEFAULT 1 NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"images_en" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "intro_type" ADD CONSTRAINT "intro_type_parent_id_intro_type_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."intro_type"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intro_item" ADD CONSTRAINT "intro_item_type_id_intro_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."intro_type"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intro_type_tenant_idx" ON "intro_type" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "intro_type_parent_id_idx" ON "intro_type" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "intro_type_show_default_idx" ON "intro_type" USING btree ("show_default");--> statement-breakpoint
CREATE INDEX "intro_type_enabled_idx" ON "intro_type" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "intro_item_tenant_idx" ON "intro_item" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "intro_item_type_id_idx" ON "intro_item" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "intro_item_enabled_idx" ON "intro_item" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "intro_custom_tenant_idx" ON "intro_custom" USING btree ("brand_id","hotel_id");