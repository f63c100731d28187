/** "1 item", "3 items": the cart's size in the sticky bar and in what a screen reader hears. */
export function describeItemCount(count: number): string {
  return count === 1 ? '1 item' : `${count} items`;
}
