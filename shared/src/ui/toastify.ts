// react-toastify as the site loads it (with the first toast, ./toast.ts): the unstyled build, whose container
// injects no <style> tag, and the library's stylesheet as a file of its own (fetched with this chunk, before
// the container mounts). The default build carries the same stylesheet as a JavaScript string (3 KB gzip
// more script to parse on every page that shows a toast).
import 'react-toastify/ReactToastify.css';

export * from 'react-toastify/unstyled';
