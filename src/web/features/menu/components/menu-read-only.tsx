import { Spinner } from '@web/components/ui/spinner';
import { formatMoney } from '@web/lib/format-money';
import { useMenuItems } from '../api/get-menu-items';

/** A truck's active menu to read (its public page): by category, name, description and price. */
export function MenuReadOnly({ truckId }: { truckId: number }) {
  const menu = useMenuItems(truckId);
  if (menu.isPending) return <Spinner label="Loading the menu…" />;
  if (menu.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        The menu could not be loaded.
      </p>
    );
  if (menu.data.length === 0) return <p className="text-sm text-muted">Nothing on the menu yet.</p>;
  const categories = [...new Set(menu.data.map((item) => item.category))];
  return (
    <div className="space-y-5">
      {categories.map((category) => (
        <section key={category}>
          <h3 className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{category}</h3>
          <ul className="mt-2 divide-y divide-line">
            {menu.data
              .filter((item) => item.category === category)
              .map((item) => (
                <li key={item.id} className="flex items-start justify-between gap-4 py-2">
                  <div className="min-w-0">
                    <p className="font-semibold break-words">{item.name}</p>
                    {item.description && <p className="text-sm break-words text-muted">{item.description}</p>}
                  </div>
                  <p className="shrink-0 font-semibold">{formatMoney(item.price)}</p>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
