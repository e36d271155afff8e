CREATE TABLE `bank_topic_counts` (
	`subject` text NOT NULL,
	`topic` text NOT NULL,
	`questions` integer DEFAULT 0 NOT NULL,
	`reviewed` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`subject`, `topic`)
);
--> statement-breakpoint
-- The counts as they stand, then kept on every write to bank_items (decision 050).
INSERT INTO `bank_topic_counts` (`subject`, `topic`, `questions`, `reviewed`)
SELECT `subject`, `topic`, count(*), sum(`source` = 'reviewed') FROM `bank_items`
WHERE `kind` = 'question' AND `status` = 'active'
GROUP BY `subject`, `topic`;--> statement-breakpoint
CREATE TRIGGER `bank_topic_counts_insert` AFTER INSERT ON `bank_items`
WHEN NEW.`kind` = 'question' AND NEW.`status` = 'active'
BEGIN
  INSERT INTO `bank_topic_counts` (`subject`, `topic`, `questions`, `reviewed`)
  VALUES (NEW.`subject`, NEW.`topic`, 1, NEW.`source` = 'reviewed')
  ON CONFLICT (`subject`, `topic`) DO UPDATE SET
    `questions` = `questions` + 1,
    `reviewed` = `reviewed` + excluded.`reviewed`;
END;--> statement-breakpoint
CREATE TRIGGER `bank_topic_counts_delete` AFTER DELETE ON `bank_items`
WHEN OLD.`kind` = 'question' AND OLD.`status` = 'active'
BEGIN
  UPDATE `bank_topic_counts` SET
    `questions` = `questions` - 1,
    `reviewed` = `reviewed` - (OLD.`source` = 'reviewed')
  WHERE `subject` = OLD.`subject` AND `topic` = OLD.`topic`;
END;--> statement-breakpoint
CREATE TRIGGER `bank_topic_counts_update`
AFTER UPDATE OF `kind`, `status`, `source`, `subject`, `topic` ON `bank_items`
BEGIN
  UPDATE `bank_topic_counts` SET
    `questions` = `questions` - 1,
    `reviewed` = `reviewed` - (OLD.`source` = 'reviewed')
  WHERE `subject` = OLD.`subject` AND `topic` = OLD.`topic`
    AND OLD.`kind` = 'question' AND OLD.`status` = 'active';
  INSERT INTO `bank_topic_counts` (`subject`, `topic`, `questions`, `reviewed`)
  SELECT NEW.`subject`, NEW.`topic`, 1, NEW.`source` = 'reviewed'
  WHERE NEW.`kind` = 'question' AND NEW.`status` = 'active'
  ON CONFLICT (`subject`, `topic`) DO UPDATE SET
    `questions` = `questions` + 1,
    `reviewed` = `reviewed` + excluded.`reviewed`;
END;
