import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import type { UserDto } from '@contract/auth';
import {
  movesContactEmail,
  parseMinimumSalesInput,
  PASSWORD_FOR_NEW_EMAIL,
  profileSchema,
} from '@core/schemas/profile';
import { z } from '@core/schemas/zod-messages';
import { TitledCard } from '@web/components/ui/page-header';
import { FormField, SubmitRow } from '@web/components/ui/form-field';
import { ImageField } from '@web/components/ui/image-field';
import { Input, MoneyInput, Textarea } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { ApiError } from '@web/lib/api-client';
import { useT, type Translate } from '@web/lib/i18n';
import { useUpdateProfile } from '../api/update-profile';

/** What the inputs hold: text everywhere, the picture as a data URL. */
interface ProfileFormValues {
  businessName: string;
  description: string;
  cuisine: string;
  minimumSales: string;
  location: string;
  contactEmail: string;
  phone: string;
  profileImage: string | null;
  /** Asked only when the contact e-mail moves: reset links go there (decision 211). */
  currentPassword: string;
}

/** The shared rule, with the text input's minimum sales read as the product says (empty → null). */
const profileFormSchema = profileSchema.extend({
  minimumSales: z.preprocess(
    (v) => (typeof v === 'string' ? parseMinimumSalesInput(v) : v),
    profileSchema.shape.minimumSales,
  ),
  currentPassword: z.string(),
});
type ProfileFormOutput = z.output<typeof profileFormSchema>;

const FIELDS = [
  'businessName',
  'description',
  'cuisine',
  'minimumSales',
  'location',
  'contactEmail',
  'phone',
  'profileImage',
  'currentPassword',
] as const;

/** The profile schema's messages (English on both sides) by their key in `app`; others show as they are. */
const MESSAGES: Record<string, string> = {
  'Business name is required': 'trucks.error.nameRequired',
  'Minimum sales cannot be negative': 'trucks.error.minimumNegative',
  'Use at most 2 decimals': 'trucks.error.decimals',
  'Expected number, received nan': 'trucks.error.minimumNumber',
  'Number must be less than or equal to 99999999.99': 'trucks.error.minimumMax',
  'Invalid email address': 'trucks.error.email',
  [PASSWORD_FOR_NEW_EMAIL]: 'trucks.error.passwordForEmail',
  'Image size should be less than 5MB': 'trucks.error.imageTooLarge',
  'String must contain at most 2000 characters': 'trucks.error.tooLong2000',
  'String must contain at most 200 characters': 'trucks.error.tooLong200',
  'String must contain at most 120 characters': 'trucks.error.tooLong120',
  'String must contain at most 80 characters': 'trucks.error.tooLong80',
  'String must contain at most 40 characters': 'trucks.error.tooLong40',
  'String must contain at most 254 characters': 'trucks.error.tooLong254',
};

const wordsOf = (t: Translate, text: string | undefined) =>
  text === undefined ? undefined : MESSAGES[text] ? t(MESSAGES[text]) : text;

function valuesFrom(user: UserDto): ProfileFormValues {
  return {
    businessName: user.businessName ?? '',
    description: user.description ?? '',
    cuisine: user.cuisine ?? '',
    minimumSales: user.minimumSales ?? '',
    location: user.location ?? '',
    contactEmail: user.contactEmail ?? '',
    phone: user.phone ?? '',
    profileImage: user.profileImage ?? null,
    currentPassword: '',
  };
}

/** The Food Truck Profile form. */
export function TruckProfileForm({ user }: { user: UserDto }) {
  const t = useT('app');
  const update = useUpdateProfile(user.id);
  const form = useForm<ProfileFormValues, unknown, ProfileFormOutput>({
    // The schema accepts more than the inputs can hold (nulls, numbers); the form only ever gives it strings.
    resolver: zodResolver(profileFormSchema) as unknown as Resolver<
      ProfileFormValues,
      unknown,
      ProfileFormOutput
    >,
    defaultValues: valuesFrom(user),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors: refused } = form.formState;
  const errors = Object.fromEntries(
    FIELDS.map((field) => [field, refused[field] && { message: wordsOf(t, refused[field].message) }]),
  ) as Partial<Record<(typeof FIELDS)[number], { message?: string }>>;
  // The address saved last (the form is reset to each saved profile): moving it asks for the password.
  const savedEmail = form.formState.defaultValues?.contactEmail ?? '';
  const movesEmail = movesContactEmail(savedEmail, form.watch('contactEmail'));

  const onSubmit = form.handleSubmit(({ currentPassword, ...profile }) => {
    if (movesEmail && !currentPassword) {
      form.setError('currentPassword', { message: PASSWORD_FOR_NEW_EMAIL }, { shouldFocus: true });
      return;
    }
    update.mutate(movesEmail ? { ...profile, currentPassword } : profile, {
      onSuccess: (saved) => {
        form.reset(valuesFrom(saved));
        toast({ title: t('trucks.success'), description: t('trucks.profileSaved') });
      },
      onError: (error) => {
        // The toast comes from the mutation; the fields the server refused are marked here.
        if (error instanceof ApiError && error.fieldErrors) {
          for (const [field, message] of Object.entries(error.fieldErrors)) {
            if ((FIELDS as readonly string[]).includes(field)) {
              form.setError(field as (typeof FIELDS)[number], { message });
            }
          }
        }
      },
    });
  });

  return (
    <TitledCard title={t('trucks.profileTitle')}>
      <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <ImageField
            control={form.control}
            name="profileImage"
            label={t('trucks.image')}
            previewAlt={t('trucks.imagePreview')}
            hint={t('trucks.imageHint')}
          />
        </div>
        <FormField
          label={t('trucks.businessName')}
          error={errors.businessName?.message}
          className="sm:col-span-2"
        >
          <Input autoComplete="organization" {...form.register('businessName')} />
        </FormField>
        <FormField
          label={t('trucks.description')}
          error={errors.description?.message}
          className="sm:col-span-2"
        >
          <Textarea rows={3} {...form.register('description')} />
        </FormField>
        <FormField label={t('trucks.cuisine')} error={errors.cuisine?.message}>
          <Input placeholder={t('trucks.cuisinePlaceholder')} {...form.register('cuisine')} />
        </FormField>
        <FormField
          label={t('trucks.minimum')}
          error={errors.minimumSales?.message}
          hint={t('trucks.minimumHint')}
        >
          <MoneyInput placeholder="500.00" {...form.register('minimumSales')} />
        </FormField>
        <FormField
          label={t('trucks.location')}
          error={errors.location?.message}
          hint={t('trucks.locationHint')}
        >
          <Input {...form.register('location')} />
        </FormField>
        <FormField label={t('trucks.contactEmail')} error={errors.contactEmail?.message}>
          <Input type="email" autoComplete="email" {...form.register('contactEmail')} />
        </FormField>
        {movesEmail && (
          <FormField
            label={t('trucks.currentPassword')}
            error={errors.currentPassword?.message}
            hint={t('trucks.currentPasswordHint')}
          >
            <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
          </FormField>
        )}
        <FormField label={t('trucks.phone')} error={errors.phone?.message}>
          <Input type="tel" autoComplete="tel" {...form.register('phone')} />
        </FormField>
        <SubmitRow
          className="items-end sm:col-span-2"
          pending={update.isPending}
          pendingLabel={t('trucks.saving')}
        >
          {t('trucks.saveProfile')}
        </SubmitRow>
      </form>
    </TitledCard>
  );
}
