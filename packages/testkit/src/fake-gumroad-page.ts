// The fake Gumroad's checkout page (`GET /l/{productId}`): the product, an email field and "Pay", as a buyer sees
// it after clicking a product link; and the receipt shown when the product has no redirect URL.
import type { FakeGumroadProduct } from './fake-gumroad-store';
import { escapeHtml, page } from './html-page';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export function checkoutPage(product: FakeGumroadProduct, email = ''): string {
  const recurrence = product.membership
    ? `<fieldset><legend>Billing</legend>
<label><input type="radio" name="recurrence" value="monthly" checked> Monthly ${money(product.price)}</label>
${
  product.yearlyPrice === null
    ? ''
    : `<label><input type="radio" name="recurrence" value="yearly"> Yearly ${money(product.yearlyPrice)}</label>`
}
</fieldset>`
    : `<p>${money(product.price)}</p>`;
  return page(
    `${product.name} - Fake Gumroad`,
    `<h1>${escapeHtml(product.name)}</h1>
<form method="post" action="/l/${encodeURIComponent(product.id)}">
${recurrence}
<p><label>Email <input type="email" name="email" required value="${escapeHtml(email)}"></label></p>
<button type="submit">Pay</button>
</form>`,
  );
}

export function receiptPage(product: FakeGumroadProduct, saleId: string): string {
  return page(
    'Thanks - Fake Gumroad',
    `<h1>Thanks for your purchase</h1>
<p>${escapeHtml(product.name)}</p>
<p id="sale-id">${escapeHtml(saleId)}</p>`,
  );
}

export function notFoundPage(): string {
  return page('Not found - Fake Gumroad', '<h1>This product does not exist</h1>');
}

/** Gumroad's "manage membership" page (`/subscriptions/{id}/manage`): the status and a cancel button. */
export function managePage(input: {
  id: string;
  productName: string;
  status: string;
  cancelledAt: string | null;
}): string {
  const until = input.cancelledAt ? `<p>Access until ${escapeHtml(input.cancelledAt.slice(0, 10))}</p>` : '';
  const cancel =
    input.status === 'alive'
      ? `<form method="post" action="/subscriptions/${encodeURIComponent(input.id)}/manage"><button type="submit">Cancel membership</button></form>`
      : '';
  return page(
    `Manage ${input.productName} - Fake Gumroad`,
    `<h1>${escapeHtml(input.productName)}</h1>
<p id="status">${escapeHtml(input.status)}</p>
${until}
${cancel}`,
  );
}
