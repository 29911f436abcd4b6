DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "complaints_student_created_idx";--> statement-breakpoint
DROP INDEX "complaints_queue_idx";--> statement-breakpoint
DROP INDEX "complaints_status_queue_idx";--> statement-breakpoint
DROP INDEX "complaints_category_hostel_queue_idx";--> statement-breakpoint
DROP INDEX "complaints_assignee_idx";--> statement-breakpoint
DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
CREATE INDEX "complaints_search_open_idx" ON "complaints" USING gin ("search") WHERE "complaints"."status" in ('submitted', 'acknowledged', 'in_progress', 'reopened');--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "complaints_student_created_idx" ON "complaints" USING btree ("student_id","created_at","id");--> statement-breakpoint
CREATE INDEX "complaints_queue_idx" ON "complaints" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "complaints_status_queue_idx" ON "complaints" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "complaints_category_hostel_queue_idx" ON "complaints" USING btree ("category","hostel","created_at","id");--> statement-breakpoint
CREATE INDEX "complaints_assignee_idx" ON "complaints" USING btree ("assignee_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at","id");