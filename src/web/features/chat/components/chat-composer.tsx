import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CHAT_TEXT_MAX_LENGTH } from '@core/chat';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { useT } from '@web/lib/i18n';

/**
 * The text box and Send button. Sending needs a connection and non-blank text;
 * the text is kept when nothing was sent.
 */
export function ChatComposer({
  label,
  canSend,
  onSend,
  placeholder,
  autoFocus,
}: {
  label: string;
  canSend: boolean;
  onSend: (text: string) => boolean;
  placeholder?: string;
  autoFocus?: boolean;
}) {
  const t = useT();
  const [text, setText] = useState('');
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // The box is disabled while connecting: give it the focus once it can be used.
  useEffect(() => {
    if (canSend && autoFocus) inputRef.current?.focus();
  }, [canSend, autoFocus]);
  const isBlank = text.trim().length === 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSend || isBlank) return;
    if (onSend(text)) setText('');
  }

  return (
    <form onSubmit={submit} className="flex items-end gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Input
        ref={inputRef}
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={!canSend}
        maxLength={CHAT_TEXT_MAX_LENGTH}
        placeholder={placeholder ?? t('chat.placeholder')}
        autoComplete="off"
      />
      <Button type="submit" disabled={!canSend || isBlank}>
        {t('chat.send')}
      </Button>
    </form>
  );
}
