CREATE TABLE "image_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"title" varchar(50) NOT NULL,
	"subtitle" varchar(100),
	"icon_id" varchar(36),
	"qr_code_id" varchar(36),
	"content" varchar(1000),
	"image_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
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
CREATE TABLE "questionnaires" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"question" varchar(200) NOT NULL,
	"question_tw" varchar(200) NOT NULL,
	"question_en" varchar(200) NOT NULL,
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
CREATE TABLE "questionnaire_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"questionnaire_id" integer NOT NULL,
	"text" varchar(100) NOT NULL,
	"text_tw" varchar(100) NOT NULL,
	"text_en" varchar(100) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"questionnaire_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"room_number" varchar(16) NOT NULL,
	"stay_key" varchar(32) NOT NULL,
	"terminal_id" integer NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "image_messages" ADD CONSTRAINT "image_messages_tour_group_id_tour_groups_id_fk" FOREIGN KEY ("tour_group_id") REFERENCES "public"."tour_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_tour_group_id_tour_groups_id_fk" FOREIGN KEY ("tour_group_id") REFERENCES "public"."tour_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_options" ADD CONSTRAINT "questionnaire_options_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_answers" ADD CONSTRAINT "questionnaire_answers_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "image_messages_tenant_idx" ON "image_messages" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "image_messages_publish_method_idx" ON "image_messages" USING btree ("publish_method");--> statement-breakpoint
CREATE INDEX "image_messages_tour_group_id_idx" ON "image_messages" USING btree ("tour_group_id");--> statement-breakpoint
CREATE INDEX "image_messages_publish_state_idx" ON "image_messages" USING btree ("publish_state");--> statement-breakpoint
CREATE INDEX "questionnaires_tenant_idx" ON "questionnaires" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "questionnaires_publish_method_idx" ON "questionnaires" USING btree ("publish_method");--> statement-breakpoint
CREATE INDEX "questionnaires_tour_group_id_idx" ON "questionnaires" USING btree ("tour_group_id");--> statement-breakpoint
CREATE INDEX "questionnaires_publish_state_idx" ON "questionnaires" USING btree ("publish_state");--> statement-breakpoint
CREATE INDEX "questionnaire_options_tenant_idx" ON "questionnaire_options" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "questionnaire_options_questionnaire_id_idx" ON "questionnaire_options" USING btree ("questionnaire_id");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_answers_stay_uq" ON "questionnaire_answers" USING btree ("questionnaire_id","room_number","stay_key");--> statement-breakpoint
CREATE INDEX "questionnaire_answers_option_idx" ON "questionnaire_answers" USING btree ("questionnaire_id","option_id");