import { useId } from "react";
import {
  CHAT_FUNCTION_LABELS,
  CHAT_FUNCTIONS,
  type ChatFunction,
  parseChatFunction,
} from "~/lib/chat-functions";

/**
 * The conversation function (mode) the next message is asked in. It is a
 * field of the message form, so it travels with a form post too.
 */
export function ModeSelect({
  value,
  onChange,
}: {
  value: ChatFunction;
  onChange: (value: ChatFunction) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Mode
      </label>
      <select
        id={id}
        name="function"
        value={value}
        onChange={(event) => onChange(parseChatFunction(event.target.value))}
        className="rounded-md border border-slate-400 bg-white py-1 pl-2 pr-8 text-sm text-slate-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30"
      >
        {CHAT_FUNCTIONS.map((key) => (
          <option key={key} value={key}>
            {CHAT_FUNCTION_LABELS[key]}
          </option>
        ))}
      </select>
    </div>
  );
}
