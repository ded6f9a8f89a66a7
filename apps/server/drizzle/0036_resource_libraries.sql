CREATE TABLE "intro_reviews" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"state" varchar(10) NOT NULL,
	"reason" text,
	"pending" jsonb NOT NULL,
	"passed" jsonb,
	"reviewed_by" integer,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "resource_file_refs" (
	"kind" varchar(10) NOT NULL,
	"owner_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	CONSTRAINT "resource_file_refs_kind_owner_id_file_id_pk" PRIMARY KEY("kind","owner_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "resource_libraries" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"title" varchar(32) NOT NULL,
	"source_hotel_id" integer,
	"source_public_id" varchar(7) NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_version_hotels" (
	"version_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	CONSTRAINT "resource_version_hotels_version_id_hotel_id_pk" PRIMARY KEY("version_id","hotel_id")
);
--> statement-breakpoint
CREATE TABLE "resource_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"library_id" integer NOT NULL,
	"name" varchar(100),
	"target" varchar(10) NOT NULL,
	"state" varchar(12) NOT NULL,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "intro_reviews" ADD CONSTRAINT "intro_reviews_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intro_reviews" ADD CONSTRAINT "intro_reviews_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_file_refs" ADD CONSTRAINT "resource_file_refs_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_libraries" ADD CONSTRAINT "resource_libraries_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_libraries" ADD CONSTRAINT "resource_libraries_source_hotel_id_hotels_id_fk" FOREIGN KEY ("source_hotel_id") REFERENCES "public"."hotels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_version_hotels" ADD CONSTRAINT "resource_version_hotels_version_id_resource_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."resource_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_version_hotels" ADD CONSTRAINT "resource_version_hotels_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_versions" ADD CONSTRAINT "resource_versions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_versions" ADD CONSTRAINT "resource_versions_library_id_resource_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."resource_libraries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intro_reviews_brand_idx" ON "intro_reviews" USING btree ("brand_id","state");--> statement-breakpoint
CREATE INDEX "resource_libraries_brand_idx" ON "resource_libraries" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "resource_version_hotels_hotel_idx" ON "resource_version_hotels" USING btree ("hotel_id");--> statement-breakpoint
CREATE INDEX "resource_versions_brand_idx" ON "resource_versions" USING btree ("brand_id","state");