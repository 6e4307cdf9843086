import { ImagePlus, Loader2, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "../i18n/react";
import { useToast } from "./toast";

const MAX_BYTES = 5 * 1024 * 1024;

/**
 * Picks an image, uploads it to POST /api/upload and keeps the returned URL in a hidden input named
 * `name`. Shows a preview and a remove button. The server decides what is an image (magic bytes).
 */
export function ImageUpload({
  name,
  label,
  defaultValue,
  error,
}: {
  name: string;
  label: string;
  defaultValue?: string | null;
  error?: string;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState(defaultValue ?? "");
  const [uploading, setUploading] = useState(false);

  async function upload(file: File) {
    // the server decides (magic bytes, 5 MB); this only saves sending a file that can't pass
    if (file.size > MAX_BYTES) {
      toast({ title: t("upload.failed"), description: t("validation.imageTooLarge"), variant: "destructive" });
      if (fileInput.current) fileInput.current.value = "";
      return;
    }
    setUploading(true);
    try {
      const body = new FormData();
      body.set("image", file);
      const res = await fetch("/api/upload", { method: "POST", body, credentials: "same-origin" });
      const json = (await res.json().catch(() => ({}))) as { imageUrl?: string; url?: string; message?: string };
      const next = json.imageUrl ?? json.url;
      if (!res.ok || !next) throw new Error(json.message || t("upload.failed"));
      setUrl(next);
      toast({ title: t("upload.success"), variant: "success" });
    } catch (e) {
      toast({
        title: t("upload.failed"),
        description: e instanceof Error ? e.message : undefined,
        variant: "destructive",
      });
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  return (
    <div>
      <span id={`${id}-label`} className="mb-1 block text-sm font-medium text-stone-800">
        {label}
      </span>
      <input type="hidden" name={name} value={url} />
      <div className="flex items-center gap-3">
        {url ? (
          <img
            src={url}
            alt={t("upload.preview")}
            className="size-20 shrink-0 rounded-xl border border-stone-200 object-cover"
            data-testid={`preview-${name}`}
          />
        ) : (
          <div
            aria-hidden
            className={
              "flex size-20 shrink-0 items-center justify-center rounded-xl border border-dashed " +
              "border-stone-300 bg-stone-50 text-stone-400"
            }
          >
            <ImagePlus className="size-7" />
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <label
            className={
              "inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl bg-stone-100 px-4 text-sm " +
              "font-semibold focus-within:ring-2 focus-within:ring-brand-500 hover:bg-stone-200"
            }
          >
            {uploading ? (
              <Loader2 aria-hidden className="size-4 animate-spin" />
            ) : (
              <ImagePlus aria-hidden className="size-4" />
            )}
            {uploading ? t("upload.uploading") : url ? t("upload.change") : t("upload.choose")}
            <input
              ref={fileInput}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif"
              className="sr-only"
              aria-labelledby={`${id}-label`}
              disabled={uploading}
              data-testid={`file-${name}`}
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                if (file) void upload(file);
              }}
            />
          </label>
          {url && (
            <button
              type="button"
              onClick={() => setUrl("")}
              className={
                "inline-flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm font-semibold text-red-700 " +
                "hover:bg-red-50"
              }
              data-testid={`remove-${name}`}
            >
              <Trash2 aria-hidden className="size-4" />
              {t("upload.remove")}
            </button>
          )}
        </div>
      </div>
      <p className="mt-1 text-xs text-stone-500">{t("upload.hint")}</p>
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-600" data-testid={`error-${name}`}>
          {t(error)}
        </p>
      )}
    </div>
  );
}
