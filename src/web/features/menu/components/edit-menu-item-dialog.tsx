import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { MENU_CATEGORIES, menuItemSchema, type MenuCategory } from '@core/schemas/menu';
import type { z } from '@core/schemas/zod-messages';
import type { MenuItemDto } from '@contract/menu';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { ImageInput } from '@web/components/ui/image-input';
import { Input, Select, Textarea } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { useUpdateMenuItem } from '../api/update-menu-item';

interface EditValues {
  name: string;
  description: string;
  category: MenuCategory;
  price: number | '';
  image: string | null;
}

type EditOutput = z.output<typeof menuItemSchema>;

/** Edits one item with the add form's own rules; orders already placed keep their prices. */
export function EditMenuItemDialog({
  item,
  truckId,
  onClose,
}: {
  item: MenuItemDto;
  truckId: number;
  onClose: () => void;
}) {
  const update = useUpdateMenuItem(truckId);
  const form = useForm<EditValues, unknown, EditOutput>({
    resolver: zodResolver(menuItemSchema) as unknown as Resolver<EditValues, unknown, EditOutput>,
    defaultValues: {
      name: item.name,
      description: item.description ?? '',
      category: (MENU_CATEGORIES as readonly string[]).includes(item.category)
        ? (item.category as MenuCategory)
        : 'Entree',
      price: Number(item.price),
      image: item.image,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(
      {
        itemId: item.id,
        changes: {
          name: values.name,
          description: values.description,
          category: values.category,
          price: values.price,
          // The picture travels only when it changed.
          ...(values.image !== item.image ? { image: values.image } : {}),
        },
      },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: 'Menu item updated.' });
          onClose();
        },
      },
    ),
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={`Edit ${item.name}`}
        description="A new price applies to new orders only."
        className="max-h-[90vh] overflow-y-auto"
      >
        <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2">
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
          <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
