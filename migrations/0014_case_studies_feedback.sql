CREATE TABLE `case_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`case_id` text NOT NULL,
	`setting` text NOT NULL,
	`status` text NOT NULL,
	`state` text NOT NULL,
	`clock_minutes` integer DEFAULT 0 NOT NULL,
	`deteriorated_at` integer,
	`score` integer,
	`breakdown` text,
	`version` integer DEFAULT 0 NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `case_attempts_user_idx` ON `case_attempts` (`user_id`,`started_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `case_attempts_active_idx` ON `case_attempts` (`user_id`,`case_id`) WHERE status = 'active';--> statement-breakpoint
CREATE TABLE `feedback_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`period` text NOT NULL,
	`author` text NOT NULL,
	`figures` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `feedback_reports_user_idx` ON `feedback_reports` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `feedback_reports_weekly_idx` ON `feedback_reports` (`user_id`,`period`) WHERE kind = 'weekly';--> statement-breakpoint
ALTER TABLE `study_tasks` ADD `origin` text;