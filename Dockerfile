# grundy serve for a department: the playground, class sessions and games
# between devices on port 8080, data in the /data volume.
#   docker build -t grundy .
#   docker run -p 8080:8080 -v grundy-data:/data grundy

# The toolchain the project is tested with, from Rust's own image of that
# version; the manifests' rust-version is the oldest that builds it.
FROM rust:1.95.0-bookworm AS rust

FROM node:22-bookworm AS build
COPY --from=rust /usr/local/rustup /usr/local/rustup
COPY --from=rust /usr/local/cargo /usr/local/cargo
ENV RUSTUP_HOME=/usr/local/rustup CARGO_HOME=/usr/local/cargo PATH=/usr/local/cargo/bin:$PATH
WORKDIR /src
COPY . .
# build-cli.sh builds grundy and grundy-serve each on its own, statically
# linked where glibc's static libraries are installed, as here.
RUN bash scripts/setup.sh && bash scripts/build.sh \
 && grundy=$(bash scripts/build-cli.sh) \
 && mkdir /out && cp "$grundy" "$(dirname "$grundy")/grundy-serve" /out/

FROM debian:bookworm-slim
# User 999, the one `useradd --system` gave before, so that a volume it wrote
# stays writable; named by number, which a host resolves whatever its users.
RUN useradd --system --uid 999 --home /data grundy && mkdir -p /data && chown 999 /data
COPY --from=build /out/grundy /out/grundy-serve /usr/local/bin/
COPY --from=build /src/dist /srv/grundy
USER 999
VOLUME /data
EXPOSE 8080
CMD ["grundy", "serve", "--bind", "0.0.0.0", "--port", "8080", "--data", "/data", "--dist", "/srv/grundy"]
