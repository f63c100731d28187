/** Every mail about one order is sent in the order it was written (the outbox's threads). */
export function orderThread(order: { id: number }): string {
  return `order:${order.id}`;
}
