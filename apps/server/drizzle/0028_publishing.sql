CREATE TABLE "guest_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"content" varchar(1000) NOT NULL,
	"publish_method" varchar(40) DEFAULT 'all' NOT NULL,
	"rooms" varchar(4000),
	"tour_group_id" integer,
	"publish_at" timestamp with time zone,
	"publish_state" varchar(40) DEFAULT 'unpublished' NOT NULL,
	"published_at" timestamp with time zone,
	"source" varchar(40) DEFAULT 'console' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"content" varchar(500),
	"content_tw" varchar(500),
	"content_en" varchar(500),
	"content_ja" varchar(500),
	"content_ko" varchar(500),
	"publish_method" varchar(40) DEFAULT 'all' NOT NULL,
	"rooms" varchar(4000),
	"tour_group_id" integer,
	"publish_at" timestamp with time zone,
	"publish_state" varchar(40) DEFAULT 'unpublished' NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subtitles" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"content" varchar(300),
	"content_tw" varchar(300),
	"content_en" varchar(300),
	"content_ja" varchar(300),
	"content_ko" varchar(300),
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"start_time" varchar(5) NOT NULL,
	"end_time" varchar(5) NOT NULL,
	"font_size" integer DEFAULT 32 NOT NULL,
	"font_color" varchar(7),
	"background_color" varchar(7),
	"speed" varchar(40) DEFAULT 'moderate' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"publish_method" varchar(40) DEFAULT 'all' NOT NULL,
	"rooms" varchar(4000),
	"tour_group_id" integer,
	"publish_at" timestamp with time zone,
	"publish_state" varchar(40) DEFAULT 'unpublished' NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publish_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(40) NOT NULL,
	"item_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"terminal_id" integer NOT NULL,
	"mac" varchar(17) NOT NULL,
	"room_number" varchar(16) NOT NULL,
	"delivered_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "publish_withdrawals" (
	"kind" varchar(40) NOT NULL,
	"item_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"room_number" varchar(16) NOT NULL,
	"reason" varchar(16) NOT NULL,
	"withdrawn_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publish_withdrawals_kind_item_id_room_number_pk" PRIMARY KEY("kind","item_id","room_number")
);
--> statement-breakpoint
ALTER TABLE "guest_messages" ADD CONSTRAINT "guest_messages_tour_group_id_tour_groups_id_fk" FOREIGN KEY ("tour_group_id") REFERENCES "public"."tour_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_notices" ADD CONSTRAINT "message_notices_tour_group_id_tour_groups_id_fk" FOREIGN KEY ("tour_group_id") REFERENCES "public"."tour_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subtitles" ADD CONSTRAINT "subtitles_tour_group_id_tour_groups_id_fk" FOREIGN KEY ("tour_group_id") REFERENCES "public"."tour_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_receipts" ADD CONSTRAINT "publish_receipts_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_withdrawals" ADD CONSTRAINT "publish_withdrawals_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_messages_tenant_idx" ON "guest_messages" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "guest_messages_publish_method_idx" ON "guest_messages" USING btree ("publish_method");--> statement-breakpoint
CREATE INDEX "guest_messages_tour_group_id_idx" ON "guest_messages" USING btree ("tour_group_id");--> statement-breakpoint
CREATE INDEX "guest_messages_publish_state_idx" ON "guest_messages" USING btree ("publish_state");--> statement-breakpoint
CREATE INDEX "guest_messages_source_idx" ON "guest_messages" USING btree ("source");--> statement-breakpoint
CREATE INDEX "message_notices_tenant_idx" ON "message_notices" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "message_notices_publish_method_idx" ON "message_notices" USING btree ("publish_method");--> statement-breakpoint
CREATE INDEX "message_notices_tour_group_id_idx" ON "message_notices" USING btree ("tour_group_id");--> statement-breakpoint
CREATE INDEX "message_notices_publish_state_idx" ON "message_notices" USING btree ("publish_state");--> statement-breakpoint
CREATE INDEX "subtitles_tenant_idx" ON "subtitles" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "subtitles_enabled_idx" ON "subtitles" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "subtitles_publish_method_idx" ON "subtitles" USING btree ("publish_method");--> statement-breakpoint
CREATE INDEX "subtitles_tour_group_id_idx" ON "subtitles" USING btree ("tour_group_id");--> statement-breakpoint
CREATE INDEX "subtitles_publish_state_idx" ON "subtitles" USING btree ("publish_state");--> statement-breakpoint
CREATE UNIQUE INDEX "publish_receipts_item_terminal_uq" ON "publish_receipts" USING btree ("kind","item_id","terminal_id");--> statement-breakpoint
CREATE INDEX "publish_receipts_room_idx" ON "publish_receipts" USING btree ("hotel_id","room_number","kind");--> statement-breakpoint
CREATE INDEX "publish_withdrawals_room_idx" ON "publish_withdrawals" USING btree ("hotel_id","room_number");