CREATE TABLE "theme_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(10) NOT NULL,
	"permission" varchar(40) DEFAULT 'public' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "theme_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"theme_id" integer NOT NULL,
	"target_kind" varchar(10) NOT NULL,
	"target_id" integer,
	"start_at" timestamp with time zone DEFAULT now() NOT NULL,
	"duration_seconds" integer,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "theme_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"theme_id" integer NOT NULL,
	"number" integer NOT NULL,
	"document" jsonb NOT NULL,
	"state" varchar(10) NOT NULL,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"published_by" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "themes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(30) NOT NULL,
	"type_id" integer,
	"equipment_type" varchar(10) NOT NULL,
	"visibility" varchar(10) DEFAULT 'private' NOT NULL,
	"status" varchar(12) DEFAULT 'unpublished' NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"brand_id" integer,
	"hotel_id" integer,
	"draft" jsonb NOT NULL,
	"draft_revision" integer DEFAULT 1 NOT NULL,
	"draft_saved_by" varchar(100),
	"draft_saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "theme_sends" ADD CONSTRAINT "theme_sends_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_versions" ADD CONSTRAINT "theme_versions_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "themes" ADD CONSTRAINT "themes_type_id_theme_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."theme_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "themes" ADD CONSTRAINT "themes_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "themes" ADD CONSTRAINT "themes_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "theme_types_permission_idx" ON "theme_types" USING btree ("permission");--> statement-breakpoint
CREATE INDEX "theme_sends_theme_idx" ON "theme_sends" USING btree ("theme_id");--> statement-breakpoint
CREATE INDEX "theme_sends_target_idx" ON "theme_sends" USING btree ("target_kind","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "theme_sends_one_all_idx" ON "theme_sends" USING btree ("target_kind") WHERE "theme_sends"."target_kind" = 'all' and "theme_sends"."cancelled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "theme_versions_number_idx" ON "theme_versions" USING btree ("theme_id","number");--> statement-breakpoint
CREATE INDEX "theme_versions_due_idx" ON "theme_versions" USING btree ("state","publish_at");--> statement-breakpoint
CREATE INDEX "themes_brand_idx" ON "themes" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "themes_hotel_idx" ON "themes" USING btree ("hotel_id");--> statement-breakpoint
CREATE INDEX "themes_type_idx" ON "themes" USING btree ("type_id");