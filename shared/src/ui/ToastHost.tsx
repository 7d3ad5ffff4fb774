// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- makes the CSS imports type-check in every package that compiles these sources
/// <reference path="../css.d.ts" />
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS } from '../contract/constants';

/** The one toast container of the site (the shell renders it once). */
export function ToastHost() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      newestOnTop
      closeOnClick
      pauseOnHover
      pauseOnFocusLoss
      theme="light"
    />
  );
}

export { toast } from 'react-toastify';
