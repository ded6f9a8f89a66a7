CREATE TABLE "vod_movie" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"title_en" varchar(200),
	"poster_id" varchar(36) NOT NULL,
	"duration_minutes" integer NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"preview_minutes" integer DEFAULT 0 NOT NULL,
	"rental_hours" integer DEFAULT 48 NOT NULL,
	"media_file_id" varchar(36),
	"stream_url" varchar(1000),
	"description" varchar(500),
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vod_choose" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_id" varchar(40) NOT NULL,
	"version_name" varchar(100) NOT NULL,
	"position_key" varchar(40) NOT NULL,
	"position_name" varchar(50) NOT NULL,
	"position_name_en" varchar(100),
	"cover_id" varchar(36),
	"movie_ids" jsonb,
	"movie_count" integer,
	"config_state" varchar(40) DEFAULT 'toConfigure' NOT NULL,
	"publish_state" varchar(40) DEFAULT 'unpublished' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vod_recommend" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_id" varchar(40) NOT NULL,
	"version_name" varchar(100) NOT NULL,
	"position_key" varchar(40) NOT NULL,
	"position_name" varchar(50) NOT NULL,
	"position_name_en" varchar(100),
	"cover_id" varchar(36),
	"movie_ids" jsonb,
	"movie_count" integer,
	"config_state" varchar(40) DEFAULT 'toConfigure' NOT NULL,
	"publish_state" varchar(40) DEFAULT 'unpublished' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vod_promotion" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"poster_id" varchar(36) NOT NULL,
	"movie_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vod_send" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"choose_id" integer,
	"recommend_id" integer,
	"target_kind" varchar(40) NOT NULL,
	"target_brand_id" integer,
	"target_hotel_id" integer,
	"mac" varchar(17),
	"mode" varchar(40) DEFAULT 'realtime' NOT NULL,
	"start_at" timestamp with time zone,
	"state" varchar(40) DEFAULT 'pending' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vod_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"number" varchar(24),
	"room_number" varchar(20),
	"terminal_id" integer,
	"terminal_mac" varchar(17),
	"stay_id" integer,
	"request_key" varchar(64),
	"movie_id" integer,
	"movie_title" varchar(100),
	"amount" numeric(14, 2),
	"amount_minor" integer,
	"payment" varchar(40),
	"state" varchar(40) DEFAULT 'pendingPayment' NOT NULL,
	"failure" varchar(200),
	"ends_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vod_hotel_setting" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"unpaid" varchar(40) DEFAULT 'refuse' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "room_charges_order_uq";--> statement-breakpoint
ALTER TABLE "room_charges" ADD COLUMN "area" varchar(16) DEFAULT 'shop' NOT NULL;--> statement-breakpoint
ALTER TABLE "vod_promotion" ADD CONSTRAINT "vod_promotion_movie_id_vod_movie_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."vod_movie"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vod_send" ADD CONSTRAINT "vod_send_choose_id_vod_choose_id_fk" FOREIGN KEY ("choose_id") REFERENCES "public"."vod_choose"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vod_send" ADD CONSTRAINT "vod_send_recommend_id_vod_recommend_id_fk" FOREIGN KEY ("recommend_id") REFERENCES "public"."vod_recommend"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vod_send" ADD CONSTRAINT "vod_send_target_brand_id_brands_id_fk" FOREIGN KEY ("target_brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vod_send" ADD CONSTRAINT "vod_send_target_hotel_id_hotels_id_fk" FOREIGN KEY ("target_hotel_id") REFERENCES "public"."hotels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vod_order" ADD CONSTRAINT "vod_order_movie_id_vod_movie_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."vod_movie"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vod_movie_active_idx" ON "vod_movie" USING btree ("active");--> statement-breakpoint
CREATE INDEX "vod_choose_position_key_idx" ON "vod_choose" USING btree ("position_key");--> statement-breakpoint
CREATE INDEX "vod_choose_config_state_idx" ON "vod_choose" USING btree ("config_state");--> statement-breakpoint
CREATE INDEX "vod_choose_publish_state_idx" ON "vod_choose" USING btree ("publish_state");--> statement-breakpoint
CREATE INDEX "vod_recommend_position_key_idx" ON "vod_recommend" USING btree ("position_key");--> statement-breakpoint
CREATE INDEX "vod_recommend_config_state_idx" ON "vod_recommend" USING btree ("config_state");--> statement-breakpoint
CREATE INDEX "vod_recommend_publish_state_idx" ON "vod_recommend" USING btree ("publish_state");--> statement-breakpoint
CREATE INDEX "vod_promotion_movie_id_idx" ON "vod_promotion" USING btree ("movie_id");--> statement-breakpoint
CREATE INDEX "vod_promotion_active_idx" ON "vod_promotion" USING btree ("active");--> statement-breakpoint
CREATE INDEX "vod_send_state_start_at_idx" ON "vod_send" USING btree ("state","start_at");--> statement-breakpoint
CREATE INDEX "vod_send_choose_id_idx" ON "vod_send" USING btree ("choose_id");--> statement-breakpoint
CREATE INDEX "vod_send_recommend_id_idx" ON "vod_send" USING btree ("recommend_id");--> statement-breakpoint
CREATE INDEX "vod_send_target_kind_idx" ON "vod_send" USING btree ("target_kind");--> statement-breakpoint
CREATE INDEX "vod_send_target_brand_id_idx" ON "vod_send" USING btree ("target_brand_id");--> statement-breakpoint
CREATE INDEX "vod_send_target_hotel_id_idx" ON "vod_send" USING btree ("target_hotel_id");--> statement-breakpoint
CREATE INDEX "vod_order_tenant_idx" ON "vod_order" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "vod_order_hotel_id_room_number_idx" ON "vod_order" USING btree ("hotel_id","room_number");--> statement-breakpoint
CREATE UNIQUE INDEX "vod_order_terminal_id_request_key_uq" ON "vod_order" USING btree ("terminal_id","request_key");--> statement-breakpoint
CREATE INDEX "vod_order_stay_id_idx" ON "vod_order" USING btree ("stay_id");--> statement-breakpoint
CREATE INDEX "vod_order_room_number_idx" ON "vod_order" USING btree ("room_number");--> statement-breakpoint
CREATE INDEX "vod_order_movie_id_idx" ON "vod_order" USING btree ("movie_id");--> statement-breakpoint
CREATE INDEX "vod_order_payment_idx" ON "vod_order" USING btree ("payment");--> statement-breakpoint
CREATE INDEX "vod_order_state_idx" ON "vod_order" USING btree ("state");--> statement-breakpoint
CREATE INDEX "vod_hotel_setting_tenant_idx" ON "vod_hotel_setting" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vod_hotel_setting_hotel_id_uq" ON "vod_hotel_setting" USING btree ("hotel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "room_charges_order_uq" ON "room_charges" USING btree ("area","order_id");