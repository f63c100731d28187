import { useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { MenuItemDto } from '@contract/menu';
import { ALLERGENS, DIETARY_TAGS, type Allergen, type DietaryTag } from '@core/dietary';
import { MENU_CATEGORIES, menuItemSchema, type MenuCategory } from '@core/schemas/menu';
import type { z } from '@core/schemas/zod-messages';
import { FormField } from '@web/components/ui/form-field';
import { ImageField } from '@web/components/ui/image-field';
import { Input, MoneyInput, Options, Select, Textarea } from '@web/components/ui/input';
import { useT } from '@web/lib/i18n';
import { categoryName, menuMessage } from '../menu-words';

/**
 * What the add form and the edit dialog both ask of a menu item. A new field is added here once: its
 * value in `MenuItemFormValues`, its default in `menuItemFormValues`, its control in `MenuItemFields`.
 */
export interface MenuItemFormValues {
  name: string;
  description: string;
  category: MenuCategory;
  /** The text of the price input; the schema reads "" as missing ("Price is required"). */
  price: number | '';
  image: string | null;
  dietaryTags: DietaryTag[];
  allergens: Allergen[];
  /** How many the truck makes for one event; null (the input left empty): no limit (decision 196). */
  stockPerEvent: number | null;
}

export type MenuItemFormOutput = z.output<typeof menuItemSchema>;
export type MenuItemForm = UseFormReturn<MenuItemFormValues, unknown, MenuItemFormOutput>;

/** The form's values for a new item, or for an item being edited. */
export function menuItemFormValues(item?: MenuItemDto): MenuItemFormValues {
  if (!item)
    return {
      name: '',
      description: '',
      category: 'Entree',
      price: '',
      image: null,
      dietaryTags: [],
      allergens: [],
      stockPerEvent: null,
    };
  return {
    name: item.name,
    description: item.description ?? '',
    category: (MENU_CATEGORIES as readonly string[]).includes(item.category)
      ? (item.category as MenuCategory)
      : 'Entree',
    price: Number(item.price),
    image: item.image,
    dietaryTags: [...item.dietaryTags],
    allergens: [...item.allergens],
    stockPerEvent: item.stockPerEvent,
  };
}

/** Both forms validate with the schema the server uses (the price input's text is made a number below). */
const menuItemResolver = zodResolver(menuItemSchema) as unknown as Resolver<
  MenuItemFormValues,
  unknown,
  MenuItemFormOutput
>;

/**
 * The form of a new menu item, or of `item` being edited: checked when it is sent, then again as the
 * person corrects it (react-hook-form's defaults).
 */
export function useMenuItemForm(item?: MenuItemDto): MenuItemForm {
  return useForm<MenuItemFormValues, unknown, MenuItemFormOutput>({
    resolver: menuItemResolver,
    defaultValues: menuItemFormValues(item),
  });
}

/** The fields of a menu item, laid out on the forms' two-column grid. */
export function MenuItemFields({
  form,
  pricePlaceholder,
}: {
  form: MenuItemForm;
  pricePlaceholder?: string;
}) {
  const t = useT('app');
  const common = useT();
  const { errors } = form.formState;
  const message = (text: string | undefined) => menuMessage(t, text);
  return (
    <>
      <FormField label={t('menu.name')} error={message(errors.name?.message)} className="sm:col-span-2">
        <Input {...form.register('name')} />
      </FormField>
      <FormField
        label={t('menu.description')}
        error={message(errors.description?.message)}
        className="sm:col-span-2"
      >
        <Textarea rows={2} {...form.register('description')} />
      </FormField>
      <FormField label={t('menu.categoryLabel')} error={message(errors.category?.message)}>
        <Select {...form.register('category')}>
          <Options values={MENU_CATEGORIES} label={(category) => categoryName(t, category)} />
        </Select>
      </FormField>
      <FormField label={t('menu.price')} error={message(errors.price?.message)}>
        <MoneyInput
          placeholder={pricePlaceholder}
          {...form.register('price', {
            setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? '' : Number(v)),
          })}
        />
      </FormField>
      <FormField
        label={t('menu.stock')}
        hint={t('menu.stockHint')}
        error={message(errors.stockPerEvent?.message)}
      >
        <Input
          type="number"
          inputMode="numeric"
          min={0}
          step="1"
          {...form.register('stockPerEvent', {
            setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)),
          })}
        />
      </FormField>
      <CheckboxGroup
        form={form}
        name="dietaryTags"
        legend={t('menu.dietaryTags')}
        hint={t('menu.dietaryHint')}
        options={DIETARY_TAGS.map((tag) => ({ value: tag, label: common(`ui.tags.${tag}`) }))}
      />
      <CheckboxGroup
        form={form}
        name="allergens"
        legend={t('menu.allergens')}
        hint={t('menu.allergensHint')}
        options={ALLERGENS.map((allergen) => ({
          value: allergen,
          label: common(`ui.allergens.${allergen}`),
        }))}
      />
      <div className="sm:col-span-2">
        <ImageField
          control={form.control}
          name="image"
          label={t('menu.image')}
          previewAlt={t('menu.imagePreview')}
        />
      </div>
    </>
  );
}

/** A list field as a group of checkboxes, in a fieldset a screen reader names by its legend. */
function CheckboxGroup({
  form,
  name,
  legend,
  hint,
  options,
}: {
  form: MenuItemForm;
  name: 'dietaryTags' | 'allergens';
  legend: string;
  hint: string;
  options: Array<{ value: string; label: string }>;
}) {
  const t = useT('app');
  const error = menuMessage(t, form.formState.errors[name]?.message);
  return (
    <fieldset className="sm:col-span-2">
      <legend className="mb-1 text-sm font-semibold text-ink">{legend}</legend>
      <p className="mb-2 text-xs text-muted">{hint}</p>
      <div className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
        {options.map((option) => (
          <label key={option.value} className="flex min-h-6 items-center gap-2 text-sm">
            <input
              type="checkbox"
              value={option.value}
              className="size-4 accent-brand-600"
              {...form.register(name)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <p role="alert" className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
