import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { MENU_CATEGORIES, menuItemSchema, type MenuCategory } from '@core/schemas/menu';
import type { z } from '@core/schemas/zod-messages';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { ImageInput } from '@web/components/ui/image-input';
import { Input, Select, Textarea } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { useCreateMenuItem } from '../api/create-menu-item';

interface MenuItemFormValues {
  name: string;
  description: string;
  category: MenuCategory;
  /** The text of the price input; the schema reads "" as missing ("Price is required"). */
  price: number | '';
  image: string | null;
}

type MenuItemOutput = z.output<typeof menuItemSchema>;

const EMPTY: MenuItemFormValues = { name: '', description: '', category: 'Entree', price: '', image: null };

/** The Add Menu Item form. */
export function AddMenuItemForm({ truckId }: { truckId: number }) {
  const create = useCreateMenuItem(truckId);
  const form = useForm<MenuItemFormValues, unknown, MenuItemOutput>({
    // The price input gives text; setValueAs below turns it into a number (or "" when empty).
    resolver: zodResolver(menuItemSchema) as unknown as Resolver<MenuItemFormValues, unknown, MenuItemOutput>,
    defaultValues: EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((item) =>
    create.mutate(
      {
        foodTruckId: truckId,
        name: item.name,
        description: item.description,
        category: item.category,
        price: item.price,
        image: item.image,
        isActive: true,
      },
      {
        onSuccess: () => {
          form.reset(EMPTY);
          toast({ title: 'Success', description: 'Menu item added successfully.' });
        },
      },
    ),
  );

  return (
    <Card aria-labelledby="add-menu-item-title">
      <CardHeader>
        <CardTitle id="add-menu-item-title">Add Menu Item</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
          <FormField label="Item Name" error={errors.name?.message} className="sm:col-span-2">
            <Input {...form.register('name')} />
          </FormField>
          <FormField label="Item Description" error={errors.description?.message} className="sm:col-span-2">
            <Textarea rows={2} {...form.register('description')} />
          </FormField>
          <FormField label="Category" error={errors.category?.message}>
            <Select {...form.register('category')}>
              {MENU_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Price ($)" error={errors.price?.message}>
            <Input
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              placeholder="12.50"
              {...form.register('price', {
                setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? '' : Number(v)),
              })}
            />
          </FormField>
          <div className="sm:col-span-2">
            <Controller
              control={form.control}
              name="image"
              render={({ field }) => (
                <ImageInput
                  label="Item Image (optional)"
                  previewAlt="Menu item image preview"
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.image?.message}
                />
              )}
            />
          </div>
          <div className="sm:col-span-2 sm:flex sm:justify-end">
            <Button type="submit" className="w-full sm:w-auto" disabled={create.isPending}>
              {create.isPending ? 'Adding...' : 'Add Menu Item'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
