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
  const { errors } = form.formState;
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
        toast({ title: 'Success', description: 'Profile updated successfully' });
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
    <TitledCard title="Food Truck Profile">
      <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <ImageField
            control={form.control}
            name="profileImage"
            label="Profile Image"
            previewAlt="Profile image preview"
            hint="JPEG, PNG or WebP up to 5MB; it is resized to 800 pixels at most."
          />
        </div>
        <FormField label="Business Name" error={errors.businessName?.message} className="sm:col-span-2">
          <Input autoComplete="organization" {...form.register('businessName')} />
        </FormField>
        <FormField label="Description" error={errors.description?.message} className="sm:col-span-2">
          <Textarea rows={3} {...form.register('description')} />
        </FormField>
        <FormField label="Cuisine" error={errors.cuisine?.message}>
          <Input placeholder="e.g. Mexican" {...form.register('cuisine')} />
        </FormField>
        <FormField
          label="Minimum Sales"
          error={errors.minimumSales?.message}
          hint="This is the minimum amount you require for an event booking"
        >
          <MoneyInput placeholder="500.00" {...form.register('minimumSales')} />
        </FormField>
        <FormField label="Location" error={errors.location?.message} hint="Your base or service area">
          <Input {...form.register('location')} />
        </FormField>
        <FormField label="Contact Email" error={errors.contactEmail?.message}>
          <Input type="email" autoComplete="email" {...form.register('contactEmail')} />
        </FormField>
        {movesEmail && (
          <FormField
            label="Current password"
            error={errors.currentPassword?.message}
            hint="Password reset links go to your e-mail address, so changing it needs your password."
          >
            <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
          </FormField>
        )}
        <FormField label="Phone" error={errors.phone?.message}>
          <Input type="tel" autoComplete="tel" {...form.register('phone')} />
        </FormField>
        <SubmitRow className="items-end sm:col-span-2" pending={update.isPending} pendingLabel="Saving...">
          Save Profile
        </SubmitRow>
      </form>
    </TitledCard>
  );
}
