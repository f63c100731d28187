/** "1 item", "3 items". */
export function describeItemCount(count: number): string {
  return count === 1 ? '1 item' : `${count} items`;
}
