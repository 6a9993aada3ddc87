// Public surface of the content feature: its pages load together, in one lazy chunk with the `content` strings.
export { AboutPage } from './pages/about-page';
export { FaqsPage } from './pages/faqs-page';
export { PrivacyPolicyPage } from './pages/privacy-policy-page';
