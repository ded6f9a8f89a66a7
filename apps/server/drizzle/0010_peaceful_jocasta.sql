DROP INDEX "theme_sends_one_all_idx";--> statement-breakpoint
ALTER TABLE "theme_sends" ADD COLUMN "kind" varchar(10) DEFAULT 'launcher' NOT NULL;--> statement-breakpoint
ALTER TABLE "themes" ADD COLUMN "kind" varchar(10) DEFAULT 'launcher' NOT NULL;--> statement-breakpoint
CREATE INDEX "themes_kind_idx" ON "themes" USING btree ("kind");--> statement-breakpoint
CREATE UNIQUE INDEX "theme_sends_one_all_idx" ON "theme_sends" USING btree ("kind") WHERE "theme_sends"."target_kind" = 'all' and "theme_sends"."cancelled_at" is null;