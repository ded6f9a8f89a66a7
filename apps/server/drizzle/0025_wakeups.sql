CREATE TABLE "wakeup_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"name" varchar(12) NOT NULL,
	"tour_group_id" integer,
	"rooms" varchar(2000),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wakeup_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"room_number" varchar(16) NOT NULL,
	"guest_name" varchar(64),
	"date" date NOT NULL,
	"time" varchar(5) NOT NULL,
	"repeat" varchar(40) DEFAULT 'once' NOT NULL,
	"days" integer DEFAULT 1 NOT NULL,
	"music" varchar(40) DEFAULT 'default' NOT NULL,
	"song_id" integer,
	"words_zh" varchar(200),
	"words_en" varchar(200),
	"group_id" integer,
	"source" varchar(40) DEFAULT 'console' NOT NULL,
	"state" varchar(40) DEFAULT 'scheduled' NOT NULL,
	"due_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"snoozes" integer DEFAULT 0 NOT NULL,
	"days_left" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pms_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"record" jsonb NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wakeup_configs" (
	"hotel_id" integer PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"default_music" integer DEFAULT 0 NOT NULL,
	"snooze_minutes" integer DEFAULT 5 NOT NULL,
	"snooze_count" integer DEFAULT 3 NOT NULL,
	"retries" integer DEFAULT 3 NOT NULL,
	"retry_minutes" integer DEFAULT 2 NOT NULL,
	"ring_seconds" integer DEFAULT 60 NOT NULL,
	"late_minutes" integer DEFAULT 10 NOT NULL,
	"utc_offset" varchar(6) DEFAULT '+08:00' NOT NULL,
	"callback_url" varchar(500),
	"callback_secret" varchar(64) DEFAULT encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex') NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wakeup_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"call_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"state" varchar(20) NOT NULL,
	"by" varchar(20) NOT NULL,
	"note" varchar(200),
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wakeup_groups" ADD CONSTRAINT "wakeup_groups_tour_group_id_tour_groups_id_fk" FOREIGN KEY ("tour_group_id") REFERENCES "public"."tour_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wakeup_calls" ADD CONSTRAINT "wakeup_calls_song_id_music_song_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."music_song"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wakeup_calls" ADD CONSTRAINT "wakeup_calls_group_id_wakeup_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."wakeup_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pms_outbox" ADD CONSTRAINT "pms_outbox_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wakeup_configs" ADD CONSTRAINT "wakeup_configs_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wakeup_events" ADD CONSTRAINT "wakeup_events_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wakeup_groups_tenant_idx" ON "wakeup_groups" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wakeup_groups_name_uq" ON "wakeup_groups" USING btree (coalesce("brand_id", 0),coalesce("hotel_id", 0),"name");--> statement-breakpoint
CREATE INDEX "wakeup_groups_tour_group_id_idx" ON "wakeup_groups" USING btree ("tour_group_id");--> statement-breakpoint
CREATE INDEX "wakeup_calls_tenant_idx" ON "wakeup_calls" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "wakeup_calls_hotel_id_room_number_state_idx" ON "wakeup_calls" USING btree ("hotel_id","room_number","state");--> statement-breakpoint
CREATE INDEX "wakeup_calls_state_due_at_idx" ON "wakeup_calls" USING btree ("state","due_at");--> statement-breakpoint
CREATE INDEX "wakeup_calls_room_number_idx" ON "wakeup_calls" USING btree ("room_number");--> statement-breakpoint
CREATE INDEX "wakeup_calls_date_idx" ON "wakeup_calls" USING btree ("date");--> statement-breakpoint
CREATE INDEX "wakeup_calls_song_id_idx" ON "wakeup_calls" USING btree ("song_id");--> statement-breakpoint
CREATE INDEX "wakeup_calls_group_id_idx" ON "wakeup_calls" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "wakeup_calls_source_idx" ON "wakeup_calls" USING btree ("source");--> statement-breakpoint
CREATE INDEX "pms_outbox_pending_idx" ON "pms_outbox" USING btree ("hotel_id","id") WHERE "pms_outbox"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "wakeup_events_call_idx" ON "wakeup_events" USING btree ("call_id","id");