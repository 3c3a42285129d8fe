import { contactForm as sendContactRequest } from '../api/lookups';
import { actionForm, defineFormScreen } from '../define';

export const contactForm = defineFormScreen({
  id: 'contact-form.request',
  title: 'Contact Your Service Provider',
  description:
    'Send a question or a request to your service provider: technical support, billing and licences, feedback or ' +
    'anything else. The request is sent with your account and tenant name; the answer goes to the reply address, or ' +
    "to your account's address when you leave it empty.",
  route: '/contact-form',
  // Reached from the user menu in the header (the section has no navigation entry).
  nav: false,
  // Any signed-in administrator (000 §2: "Requires login"), whatever their roles.
  read: { any: ['*:*'] },
  form: actionForm(sendContactRequest, {
    fields: {
      topic: { placeholder: 'Choose a topic' },
      subject: { placeholder: 'What is it about, in a few words' },
      message: { widget: 'textarea', help: '10 to 5000 characters. Include what you did, what you expected and what happened.' },
      reply_to: { placeholder: 'name@example.com' },
    },
    submitLabel: 'Send request',
    success: ({ subject }) => `Your request "${subject}" was sent to your service provider.`,
    refused: 'The request was not sent',
  }),
});
