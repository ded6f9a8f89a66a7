CREATE TABLE "captcha_claims" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_generations" (
	"scope" varchar(10) NOT NULL,
	"key" integer NOT NULL,
	"gen" bigint NOT NULL,
	CONSTRAINT "config_generations_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE INDEX "captcha_claims_at_idx" ON "captcha_claims" USING btree ("at");--> statement-breakpoint
CREATE INDEX "terminals_mac_trgm" ON "terminals" USING gin ("mac" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "terminals_sn_trgm" ON "terminals" USING gin ("sn" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "terminals_room_number_trgm" ON "terminals" USING gin ("room_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "terminals_launcher_trgm" ON "terminals" USING gin ("launcher" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "terminals_vendor_trgm" ON "terminals" USING gin ("vendor" gin_trgm_ops);--> statement-breakpoint
-- Written by hand (drizzle-kit cannot express partitioning; docs/scaling.md, "Fleet-scale tables"):
-- the heartbeat log becomes a table partitioned by day. A DEFAULT partition takes rows no day
-- partition covers; the device runtime creates the day partitions ahead and drops expired ones.
ALTER TABLE "terminal_heartbeats" RENAME TO "terminal_heartbeats_unpartitioned";--> statement-breakpoint
ALTER INDEX "terminal_heartbeats_terminal_at_idx" RENAME TO "terminal_heartbeats_unpartitioned_terminal_at_idx";--> statement-breakpoint
ALTER INDEX "terminal_heartbeats_at_brin" RENAME TO "terminal_heartbeats_unpartitioned_at_brin";--> statement-breakpoint
CREATE TABLE "terminal_heartbeats" (LIKE "terminal_heartbeats_unpartitioned" INCLUDING DEFAULTS) PARTITION BY RANGE ("at");--> statement-breakpoint
CREATE INDEX "terminal_heartbeats_terminal_at_idx" ON "terminal_heartbeats" USING btree ("terminal_id","at");--> statement-breakpoint
CREATE INDEX "terminal_heartbeats_at_brin" ON "terminal_heartbeats" USING brin ("at");--> statement-breakpoint
CREATE TABLE "terminal_heartbeats_default" PARTITION OF "terminal_heartbeats" DEFAULT;--> statement-breakpoint
INSERT INTO "terminal_heartbeats" SELECT * FROM "terminal_heartbeats_unpartitioned";--> statement-breakpoint
DROP TABLE "terminal_heartbeats_unpartitioned";
