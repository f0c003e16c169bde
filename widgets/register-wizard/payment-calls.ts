import { http } from "../lib/http";
import type { OrderDetails, PaymentCalls } from "./payment-flow";

/** The payment calls (accounts spec, section 7), over the widgets' one HTTP client. */
export const paymentCalls: PaymentCalls = {
  addToBasket: (item) => http.post("/account/add-to-basket/", item),
  order: async (sessionId) => (await http.get<{ details: OrderDetails }>("/account/cart/orders/", { query: { sessionId } })).details,
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
