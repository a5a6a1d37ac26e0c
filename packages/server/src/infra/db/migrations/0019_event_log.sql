-- Issue 25 item 1: the append-only event log (features/audit). A row per thing that happened, written in the transaction
-- of the change it records; seq orders it. No secret ever enters payload.
CREATE TABLE "events" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"project_id" text NOT NULL,
	"type" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"subject_user_id" text,
	"ip_address" text,
	"user_agent" text,
	"request_id" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "events_seq_uq" ON "events" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "events_project_seq_idx" ON "events" USING btree ("project_id","seq");--> statement-breakpoint
CREATE INDEX "events_project_subject_seq_idx" ON "events" USING btree ("project_id","subject_user_id","seq") WHERE "events"."subject_user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "events_project_type_seq_idx" ON "events" USING btree ("project_id","type","seq");--> statement-breakpoint
CREATE INDEX "events_occurred_idx" ON "events" USING btree ("occurred_at");