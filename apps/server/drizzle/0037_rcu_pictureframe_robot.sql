CREATE TABLE "picture_frame" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"interval_seconds" integer DEFAULT 10 NOT NULL,
	"idle_minutes" integer DEFAULT 10 NOT NULL,
	"from_time" varchar(5),
	"to_time" varchar(5),
	"enabled" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rcu_gateways" (
	"hotel_id" integer PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"vendor" varchar(20) DEFAULT 'htv-json' NOT NULL,
	"url" varchar(300) NOT NULL,
	"secret" varchar(200),
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "robot_gateways" (
	"hotel_id" integer PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"url" varchar(300) NOT NULL,
	"secret" varchar(200),
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "robot_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"call_id" integer NOT NULL,
	"room_number" varchar(20) NOT NULL,
	"content" varchar(1000) NOT NULL,
	"task_id" varchar(64),
	"state" varchar(10) DEFAULT 'sending' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rcu_gateways" ADD CONSTRAINT "rcu_gateways_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_gateways" ADD CONSTRAINT "robot_gateways_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_tasks" ADD CONSTRAINT "robot_tasks_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "picture_frame_tenant_idx" ON "picture_frame" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "robot_tasks_hotel_idx" ON "robot_tasks" USING btree ("hotel_id","created_at");