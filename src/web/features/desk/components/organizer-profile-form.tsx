import { useState, type FormEvent } from 'react';
import type { UserDto } from '@contract/auth';
import { MAIL_TOPICS, type MailTopic } from '@core/mail-topics';
import { movesContactEmail, organizerProfileSchema } from '@core/schemas/profile';
import { Alert } from '@web/components/ui/alert';
import { TitledCard } from '@web/components/ui/page-header';
import { FormField, SubmitRow } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { ApiError } from '@web/lib/api-client';
import { useT } from '@web/lib/i18n';
import { useUpdateOrganizerProfile } from '../api/update-organizer-profile';

/**
 * The organizer's (or admin's) profile: the address their mail goes to and which mail they want
 * (decision 155). Mail about the account itself (password reset, confirmation) always goes.
 */
export function OrganizerProfileForm({ user }: { user: UserDto }) {
  const t = useT('app');
  const update = useUpdateOrganizerProfile(user.id);
  const [saved, setSaved] = useState(user.contactEmail);
  const [email, setEmail] = useState(user.contactEmail ?? '');
  const [topics, setTopics] = useState<MailTopic[]>(user.mailTopics);
  const [error, setError] = useState<string | undefined>();
  // Moving the address reset links go to asks for the password (decision 211).
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const movesEmail = movesContactEmail(saved, email.trim());

  const toggle = (topic: MailTopic, on: boolean) =>
    setTopics((current) => (on ? [...current, topic] : current.filter((other) => other !== topic)));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = organizerProfileSchema.safeParse({ contactEmail: email.trim(), mailTopics: topics });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    if (movesEmail && !password) {
      setPasswordError(t('desk.profile.passwordRequired'));
      return;
    }
    setPasswordError(undefined);
    update.mutate(
      {
        contactEmail: email.trim(),
        mailTopics: topics,
        ...(movesEmail ? { currentPassword: password } : {}),
      },
      {
        onSuccess: (user) => {
          setSaved(user.contactEmail);
          setEmail(user.contactEmail ?? '');
          setTopics(user.mailTopics);
          setPassword('');
          toast({ title: t('events.success'), description: t('desk.profile.saved') });
        },
        onError: (err) => {
          if (!(err instanceof ApiError)) return;
          setError(err.fieldErrors?.contactEmail);
          setPasswordError(err.fieldErrors?.currentPassword);
        },
      },
    );
  };

  return (
    <TitledCard
      title={t('desk.profile.title')}
      description={<p className="mt-1 text-sm text-muted">{t('desk.profile.description')}</p>}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {!user.contactEmail && (
          <Alert tone="warning" title={t('desk.profile.noEmail')}>
            {t('desk.profile.noEmailText')}
          </Alert>
        )}
        <FormField
          label={t('desk.profile.email')}
          error={error}
          hint={user.contactEmail && !user.emailVerified ? t('desk.profile.notConfirmed') : undefined}
        >
          <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </FormField>
        {movesEmail && (
          <FormField
            label={t('desk.profile.currentPassword')}
            error={passwordError}
            hint={t('desk.profile.passwordHint')}
          >
            <Input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </FormField>
        )}
        <fieldset>
          <legend className="text-sm font-semibold text-ink">{t('desk.profile.topics')}</legend>
          <div className="mt-2 space-y-3">
            {MAIL_TOPICS.map((topic) => {
              const id = `mail-topic-${topic}`;
              return (
                <div key={topic} className="flex items-start gap-3">
                  <input
                    id={id}
                    type="checkbox"
                    className="mt-1 size-4 shrink-0 accent-brand-600"
                    checked={topics.includes(topic)}
                    onChange={(e) => toggle(topic, e.target.checked)}
                    aria-describedby={`${id}-hint`}
                  />
                  <div>
                    <label htmlFor={id} className="text-sm font-medium">
                      {t(`desk.mailTopics.${topic}.label`)}
                    </label>
                    <p id={`${id}-hint`} className="text-xs text-muted">
                      {t(`desk.mailTopics.${topic}.hint`)}
                    </p>
                  </div>
                </div>
              );
            })}
          </div>
          <p className="mt-3 text-xs text-muted">{t('desk.profile.alwaysSent')}</p>
        </fieldset>
        <SubmitRow pending={update.isPending} pendingLabel={t('events.saving')}>
          {t('desk.profile.save')}
        </SubmitRow>
      </form>
    </TitledCard>
  );
}
