CREATE TABLE `answer_events` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`item_id` text,
	`source` text NOT NULL,
	`source_id` text NOT NULL,
	`position` integer NOT NULL,
	`subject` text NOT NULL,
	`topic` text NOT NULL,
	`chosen` integer NOT NULL,
	`correct` integer NOT NULL,
	`seconds` integer,
	`mistake` text,
	`day` text NOT NULL,
	`answered_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `answer_events_user_time_idx` ON `answer_events` (`user_id`,`answered_at`);--> statement-breakpoint
CREATE INDEX `answer_events_user_item_idx` ON `answer_events` (`user_id`,`item_id`);--> statement-breakpoint
CREATE INDEX `answer_events_user_mistake_idx` ON `answer_events` (`user_id`,`mistake`);--> statement-breakpoint
CREATE TABLE `item_marks` (
	`user_id` text NOT NULL,
	`item_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `item_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `practice_tests` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`mode` text NOT NULL,
	`exam` text NOT NULL,
	`config` text NOT NULL,
	`item_ids` text NOT NULL,
	`answers` text NOT NULL,
	`marked` text NOT NULL,
	`struck` text NOT NULL,
	`seconds` text NOT NULL,
	`current` integer DEFAULT 0 NOT NULL,
	`status` text NOT NULL,
	`seconds_per_question` integer NOT NULL,
	`started_at` integer NOT NULL,
	`deadline_at` integer,
	`submitted_at` integer,
	`correct_count` integer,
	`wrong_count` integer,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `practice_tests_user_idx` ON `practice_tests` (`user_id`,`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `progress_days` (
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`subject` text NOT NULL,
	`answered` integer DEFAULT 0 NOT NULL,
	`correct` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `day`, `subject`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `progress_topics` (
	`user_id` text NOT NULL,
	`subject` text NOT NULL,
	`topic` text NOT NULL,
	`answered` integer DEFAULT 0 NOT NULL,
	`correct` integer DEFAULT 0 NOT NULL,
	`timed` integer DEFAULT 0 NOT NULL,
	`seconds` integer DEFAULT 0 NOT NULL,
	`last_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `subject`, `topic`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `study_plans` (
	`user_id` text PRIMARY KEY NOT NULL,
	`exam` text NOT NULL,
	`exam_date` text NOT NULL,
	`hours_per_day` real NOT NULL,
	`days_off` text DEFAULT '[]' NOT NULL,
	`rebalanced_on` text,
	`moves` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `study_tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`kind` text NOT NULL,
	`subject` text,
	`topic` text,
	`title` text NOT NULL,
	`minutes` integer NOT NULL,
	`question_count` integer,
	`position` integer NOT NULL,
	`done_at` integer,
	`moved_from` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `study_tasks_user_day_idx` ON `study_tasks` (`user_id`,`day`,`position`);--> statement-breakpoint
-- Rollups kept on write: each new answer adds to its topic and its day.
CREATE TRIGGER `answer_events_rollup` AFTER INSERT ON `answer_events`
BEGIN
  INSERT INTO `progress_topics` (`user_id`, `subject`, `topic`, `answered`, `correct`, `timed`, `seconds`, `last_at`)
  VALUES (NEW.`user_id`, NEW.`subject`, NEW.`topic`, 1, NEW.`correct`, NEW.`seconds` IS NOT NULL, coalesce(NEW.`seconds`, 0), NEW.`answered_at`)
  ON CONFLICT (`user_id`, `subject`, `topic`) DO UPDATE SET
    `answered` = `answered` + 1,
    `correct` = `correct` + excluded.`correct`,
    `timed` = `timed` + excluded.`timed`,
    `seconds` = `seconds` + excluded.`seconds`,
    `last_at` = max(`last_at`, excluded.`last_at`);
  INSERT INTO `progress_days` (`user_id`, `day`, `subject`, `answered`, `correct`)
  VALUES (NEW.`user_id`, NEW.`day`, NEW.`subject`, 1, NEW.`correct`)
  ON CONFLICT (`user_id`, `day`, `subject`) DO UPDATE SET
    `answered` = `answered` + 1,
    `correct` = `correct` + excluded.`correct`;
END;
--> statement-breakpoint
-- Answers already given in finished quizzes and simulations join the log.
INSERT OR IGNORE INTO `answer_events` (`id`, `user_id`, `item_id`, `source`, `source_id`, `position`, `subject`, `topic`, `chosen`, `correct`, `seconds`, `mistake`, `day`, `answered_at`)
SELECT a.`kind` || ':' || a.`id` || ':' || i.`key`, a.`user_id`, json_extract(i.`value`, '$.bankId'), a.`kind`, a.`id`, i.`key`,
  coalesce(b.`subject`, 'Mixed'), coalesce(b.`topic`, a.`topic`),
  json_extract(a.`answers`, '$[' || i.`key` || ']'),
  json_extract(a.`answers`, '$[' || i.`key` || ']') = json_extract(i.`value`, '$.correctIndex'),
  NULL, NULL,
  date(coalesce(a.`completed_at`, a.`updated_at`) / 1000, 'unixepoch', '+330 minutes'),
  coalesce(a.`completed_at`, a.`updated_at`)
FROM `assessment_attempts` a
JOIN json_each(a.`items`) i
LEFT JOIN `bank_items` b ON b.`id` = json_extract(i.`value`, '$.bankId')
WHERE a.`status` = 'completed' AND json_type(a.`answers`, '$[' || i.`key` || ']') = 'integer';
