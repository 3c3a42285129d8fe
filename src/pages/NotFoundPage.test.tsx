import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../tests/setup/component';
import { NotFoundPage } from './NotFoundPage';

describe('NotFoundPage', () => {
  it('is titled exactly as the spec says, explains, and links home', () => {
    renderUi(<NotFoundPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Oops! Error 404 - Page Not Found');
    expect(screen.getByText('The page you’re looking for doesn’t exist or another error occurred.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the start page' }).getAttribute('href')).toBe('#/');
    expect(document.title).toBe('Oops! Error 404 - Page Not Found | Isolation Admin Portal');
  });
});
