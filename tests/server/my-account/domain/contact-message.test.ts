import { readContactMessage } from "../../../../server/requests/contact-message";

/* Pure rules of POST /account/contact-us-form/ (server/requests/contact-message.ts). */
describe("readContactMessage", () => {
  const subjects = ["Booking a workshop", "Something else"];
  const good = { name: " Priya Shah ", email: " Priya@Example.org ", subject: " Something else ", message: "\n Line one\nLine two \n" };

  it("reads the message, trimming the ends and keeping its own line breaks", () => {
    expect(readContactMessage(good, subjects)).toEqual({
      message: { name: "Priya Shah", email: "priya@example.org", subject: "Something else", message: "Line one\nLine two" },
    });
  });

  it("accepts only a configured subject's text", () => {
    expect(readContactMessage({ ...good, subject: "booking a workshop" }, subjects).problems).toEqual({
      subject: ["Choose a subject from the list"],
    });
  });

  it("asks for every field", () => {
    expect(readContactMessage({}, subjects).problems).toEqual({
      name: ["Enter your name"],
      email: ["Please enter your email."],
      subject: ["Choose a subject from the list"],
      message: ["Enter your message"],
    });
  });

  it("limits the name to 200 and the message to 5,000 characters", () => {
    expect(readContactMessage({ ...good, name: "n".repeat(201), message: "m".repeat(5001) }, subjects).problems).toEqual({
      name: ["Your name must be 200 characters or fewer"],
      message: ["Your message must be 5,000 characters or fewer"],
    });
    expect(readContactMessage({ ...good, message: "m".repeat(5000) }, subjects).message).toBeDefined();
  });
});
